export interface AuthOptions {
  /** Issuer whose RS256/ES256 access tokens are accepted (keys from its JWKS). */
  issuerUrl?: string;
  jwksUrl?: string;
  audience?: string;
  /** Development only: an HS256 key also accepted, so tests and local tools can mint tokens. */
  devSigningKey?: string;
}

export const AUTH_OPTIONS = Symbol('AUTH_OPTIONS');
export const DEV_TOKEN_ISSUER = 'castbase-dev';
