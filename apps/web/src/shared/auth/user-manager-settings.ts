import { TOKEN_TIMEOUT_MS, type AuthConfig } from '@castbase/contracts';
import { WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';

export const CALLBACK_PATH = '/callback';
export const SIGNED_OUT_PATH = '/?logout=true';

/**
 * The OpenID Connect client (spec 1 §6): authorization code with PKCE, the user kept in local storage, renewal with
 * refresh tokens before the access token expires, and a 10 second limit on silent token requests.
 */
export function userManagerSettings(config: AuthConfig, origin: string): UserManagerSettings {
  const timeoutSeconds = TOKEN_TIMEOUT_MS / 1000;
  return {
    authority: config.authority,
    client_id: config.clientId,
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}${SIGNED_OUT_PATH}`,
    scope: config.scope,
    response_type: 'code',
    automaticSilentRenew: true,
    silentRequestTimeoutInSeconds: timeoutSeconds,
    requestTimeoutInSeconds: timeoutSeconds,
    // The e-mail and name come from the ID token: the access token is for the API, which userinfo may refuse.
    loadUserInfo: false,
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    ...(config.audience ? { extraQueryParams: audienceParams(config) } : {}),
  };
}

export function audienceParams(config: AuthConfig): Record<string, string> {
  return config.audience ? { audience: config.audience } : {};
}
