import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { KeyObject } from 'node:crypto';
import { createRemoteJWKSet, decodeProtectedHeader } from 'jose';
import { ExtractJwt, Strategy, type SecretOrKeyProvider } from 'passport-jwt';
import { AUTH_OPTIONS, DEV_TOKEN_ISSUER, type AuthOptions } from './auth-options.js';
import type { AuthenticatedUser } from './authenticated-user.js';

interface AccessTokenClaims {
  iss?: string;
  aud?: string | string[];
  sub?: string;
  email?: string;
  preferred_username?: string;
  nickname?: string;
  name?: string;
}

function decodeHeader(token: string): { alg?: string } {
  try {
    return JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as {
      alg?: string;
    };
  } catch {
    return {};
  }
}

/** The issuer's JWKS URL from its OpenID Connect discovery document. */
async function discoverJwksUri(issuerUrl: string): Promise<string> {
  const response = await fetch(`${issuerUrl.replace(/\/+$/, '')}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`OIDC discovery at ${issuerUrl} answered ${response.status}`);
  const { jwks_uri: jwksUri } = (await response.json()) as { jwks_uri?: string };
  if (!jwksUri) throw new Error(`OIDC discovery at ${issuerUrl} has no jwks_uri`);
  return jwksUri;
}

type KeySet = ReturnType<typeof createRemoteJWKSet>;

/** Picks the key for a token: the development key for HS256 (when configured), else the issuer's JWKS. */
function keyProvider(options: AuthOptions): SecretOrKeyProvider {
  let keySet: Promise<KeySet> | undefined;
  const issuerKeys = (): Promise<KeySet> | undefined => {
    if (!options.jwksUrl && !options.issuerUrl) return undefined;
    keySet ??= (
      options.jwksUrl ? Promise.resolve(options.jwksUrl) : discoverJwksUri(options.issuerUrl!)
    ).then((jwksUri) =>
      createRemoteJWKSet(new URL(jwksUri), { cacheMaxAge: 10 * 60_000, cooldownDuration: 30_000 }),
    );
    // A failed discovery is retried on the next token rather than remembered.
    keySet.catch(() => {
      keySet = undefined;
    });
    return keySet;
  };
  return (_request, rawToken: string, done) => {
    const alg = decodeHeader(rawToken).alg;
    if (alg === 'HS256') {
      return options.devSigningKey
        ? done(null, options.devSigningKey)
        : done(new Error('HS256 tokens are not accepted'));
    }
    const keys = issuerKeys();
    if (!keys) return done(new Error('No issuer keys are configured'));
    keys
      .then((set) => set(decodeProtectedHeader(rawToken)))
      .then((key) => done(null, KeyObject.from(key).export({ format: 'pem', type: 'spki' }).toString()))
      .catch((error: unknown) => done(error));
  };
}

/** The issuer's tokens must name the configured audience; development tokens (minted for this API only) need not. */
function audienceAccepted(claims: AccessTokenClaims, audience: string | undefined): boolean {
  if (!audience || claims.iss === DEV_TOKEN_ISSUER) return true;
  const audiences = Array.isArray(claims.aud) ? claims.aud : claims.aud === undefined ? [] : [claims.aud];
  return audiences.includes(audience);
}

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  private readonly audience: string | undefined;

  constructor(@Inject(AUTH_OPTIONS) options: AuthOptions) {
    const issuers = [options.issuerUrl, options.devSigningKey ? DEV_TOKEN_ISSUER : undefined].filter(
      (issuer): issuer is string => issuer !== undefined,
    );
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKeyProvider: keyProvider(options),
      issuer: issuers,
      algorithms: ['RS256', 'ES256', 'PS256', ...(options.devSigningKey ? (['HS256'] as const) : [])],
      ignoreExpiration: false,
    });
    this.audience = options.audience;
  }

  validate(claims: AccessTokenClaims): AuthenticatedUser | false {
    if (!claims.sub || !audienceAccepted(claims, this.audience)) return false;
    return {
      id: claims.sub,
      email: claims.email ?? null,
      username: claims.preferred_username ?? claims.nickname ?? null,
      name: claims.name ?? null,
    };
  }
}
