import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { passportJwtSecret } from 'jwks-rsa';
import { ExtractJwt, Strategy, type SecretOrKeyProvider } from 'passport-jwt';
import { AUTH_OPTIONS, DEV_TOKEN_ISSUER, type AuthOptions } from './auth-options.js';
import type { AuthenticatedUser } from './authenticated-user.js';

interface AccessTokenClaims {
  sub?: string;
  email?: string;
  preferred_username?: string;
  nickname?: string;
  name?: string;
}

function decodeHeader(token: string): { alg?: string } {
  try {
    return JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as { alg?: string };
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

type KeyLookup = ReturnType<typeof passportJwtSecret>;

/** Picks the key for a token: the development key for HS256 (when configured), else the issuer's JWKS. */
function keyProvider(options: AuthOptions): SecretOrKeyProvider {
  let jwks: Promise<KeyLookup> | undefined;
  const lookup = (): Promise<KeyLookup> | undefined => {
    if (!options.jwksUrl && !options.issuerUrl) return undefined;
    jwks ??= (options.jwksUrl ? Promise.resolve(options.jwksUrl) : discoverJwksUri(options.issuerUrl!)).then((jwksUri) =>
      passportJwtSecret({ jwksUri, cache: true, rateLimit: true, jwksRequestsPerMinute: 10, cacheMaxAge: 10 * 60_000 }),
    );
    // A failed discovery is retried on the next token rather than remembered.
    jwks.catch(() => (jwks = undefined));
    return jwks;
  };
  return (request, rawToken, done) => {
    const alg = decodeHeader(rawToken).alg;
    if (alg === 'HS256') {
      return options.devSigningKey ? done(null, options.devSigningKey) : done(new Error('HS256 tokens are not accepted'));
    }
    const keys = lookup();
    if (!keys) return done(new Error('No issuer keys are configured'));
    keys.then((secret) => secret(request, rawToken, done), (error: unknown) => done(error));
  };
}

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(@Inject(AUTH_OPTIONS) options: AuthOptions) {
    const issuers = [options.issuerUrl, options.devSigningKey ? DEV_TOKEN_ISSUER : undefined].filter(
      (issuer): issuer is string => issuer !== undefined,
    );
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKeyProvider: keyProvider(options),
      issuer: issuers,
      ...(options.audience ? { audience: options.audience } : {}),
      algorithms: ['RS256', 'ES256', 'PS256', ...(options.devSigningKey ? (['HS256'] as const) : [])],
      ignoreExpiration: false,
    });
  }

  validate(claims: AccessTokenClaims): AuthenticatedUser | false {
    if (!claims.sub) return false;
    return {
      id: claims.sub,
      email: claims.email ?? null,
      username: claims.preferred_username ?? claims.nickname ?? null,
      name: claims.name ?? null,
    };
  }
}
