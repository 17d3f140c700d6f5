import type { AppConfig } from './app-config.js';

/** Audience of the built-in provider's access tokens when OIDC_AUDIENCE is unset. */
const BUILT_IN_AUDIENCE = 'castbase-api';

/** Where the built-in provider lives below PUBLIC_URL. */
const BUILT_IN_ISSUER_PATH = '/oidc';

export interface OidcSettings {
  /** True when the identity service is the OpenID Connect provider (OIDC_ISSUER_URL unset). */
  builtIn: boolean;
  /** The issuer whose tokens the gateway accepts and the web app signs in with. */
  issuer: string;
  /** Audience the gateway requires in access tokens (always set for the built-in provider). */
  audience: string | undefined;
  clientId: string;
  scope: string;
}

/** The sign-in settings every process derives the same way from the configuration. */
export function oidcSettings(config: AppConfig): OidcSettings {
  const builtIn = !config.OIDC_ISSUER_URL;
  return {
    builtIn,
    issuer: config.OIDC_ISSUER_URL ?? `${config.PUBLIC_URL}${BUILT_IN_ISSUER_PATH}`,
    audience: config.OIDC_AUDIENCE ?? (builtIn ? BUILT_IN_AUDIENCE : undefined),
    clientId: config.OIDC_CLIENT_ID,
    scope: config.OIDC_SCOPE,
  };
}
