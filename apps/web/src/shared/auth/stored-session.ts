/**
 * Whether the device keeps a signed-in session: oidc-client-ts stores the user in local storage under
 * 'oidc.user:<issuer>:<client id>' (`userStore` in user-manager-settings.ts). Read without loading the OIDC client,
 * to choose between the first-paint landing page and the app.
 */
export function hasStoredSession(): boolean {
  try {
    for (let index = 0; index < window.localStorage.length; index += 1) {
      if (window.localStorage.key(index)?.startsWith('oidc.user:')) return true;
    }
    return false;
  } catch {
    return false;
  }
}
