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

/** Picks the key for a token: the development key for HS256 (when configured), else the issuer's JWKS. */
function keyProvider(options: AuthOptions): SecretOrKeyProvider {
  const jwksUri = options.jwksUrl ?? (options.issuerUrl ? `${options.issuerUrl.replace(/\/+$/, '')}/.well-known/jwks.json` : undefined);
  const jwks = jwksUri
    ? passportJwtSecret({ jwksUri, cache: true, rateLimit: true, jwksRequestsPerMinute: 10, cacheMaxAge: 10 * 60_000 })
    : undefined;
  return (request, rawToken, done) => {
    const alg = decodeHeader(rawToken).alg;
    if (alg === 'HS256') {
      return options.devSigningKey ? done(null, options.devSigningKey) : done(new Error('HS256 tokens are not accepted'));
    }
    if (!jwks) return done(new Error('No issuer keys are configured'));
    return jwks(request, rawToken, done);
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
