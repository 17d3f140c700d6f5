/** Nest injection token of the built-in provider's `ProviderSettings`. */
export const OIDC_SETTINGS = Symbol('OIDC_SETTINGS');

/** Nest injection token of the oidc-provider `Provider`, or null when an external issuer is configured. */
export const OIDC_PROVIDER = Symbol('OIDC_PROVIDER');

/** Nest injection token of the configuration the provider reads: the process's APP_CONFIG (see OIDC_PROVIDERS). */
export const OIDC_CONFIG = Symbol('OIDC_CONFIG');
