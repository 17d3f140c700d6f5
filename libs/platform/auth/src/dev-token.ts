import { SignJWT } from 'jose';
import { DEV_TOKEN_ISSUER } from './auth-options.js';

export interface DevTokenClaims {
  sub: string;
  email?: string;
  preferred_username?: string;
  name?: string;
}

/** Mints an HS256 access token the gateway accepts when AUTH_DEV_SIGNING_KEY is set. Development and tests only. */
export function mintDevAccessToken(
  signingKey: string,
  claims: DevTokenClaims,
  { expiresIn = '1h', audience }: { expiresIn?: string; audience?: string } = {},
): Promise<string> {
  const jwt = new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(DEV_TOKEN_ISSUER)
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(expiresIn);
  if (audience) jwt.setAudience(audience);
  return jwt.sign(new TextEncoder().encode(signingKey));
}
