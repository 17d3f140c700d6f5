import { oidcSettings, type AppConfig } from '@castbase/platform-config';

/** The built-in provider's fixed facts, derived once from the configuration. */
export interface ProviderSettings {
  /** PUBLIC_URL + '/oidc'. */
  issuer: string;
  /** The issuer's path ('/oidc'): where the provider and its pages are mounted. */
  mountPath: string;
  publicUrl: string;
  clientId: string;
  /** The `aud` of access tokens, which the gateway requires. */
  audience: string;
  /** The resource indicator (RFC 8707) of the API: an absolute URI, as the standard requires. */
  apiResource: string;
  /** Origins of the web app: PUBLIC_URL's and OIDC_EXTRA_ORIGINS (e.g. a Vite dev server). */
  webOrigins: string[];
  redirectUris: string[];
  postLogoutRedirectUris: string[];
}

export function providerSettings(config: AppConfig): ProviderSettings {
  const oidc = oidcSettings(config);
  const webOrigins = [...new Set([new URL(config.PUBLIC_URL).origin, ...(config.OIDC_EXTRA_ORIGINS ?? [])])];
  // The web app may live below a path of PUBLIC_URL; extra origins serve it at their root.
  const appBases = [config.PUBLIC_URL, ...webOrigins.slice(1)];
  return {
    issuer: oidc.issuer,
    mountPath: new URL(oidc.issuer).pathname.replace(/\/+$/, ''),
    publicUrl: config.PUBLIC_URL,
    clientId: oidc.clientId,
    audience: oidc.audience!,
    apiResource: `${config.PUBLIC_URL}/api`,
    webOrigins,
    redirectUris: appBases.map((base) => `${base}/callback`),
    postLogoutRedirectUris: appBases.map((base) => `${base}/?logout=true`),
  };
}
