import { authConfigSchema } from '@castbase/contracts';
import { UserManager } from 'oidc-client-ts';
import { landingGetStarted, landingSignIn } from '../landing/landing-sign-in-requests.js';
import { createApiClient } from '../shared/api/api-client.js';
import { signInRedirectArgs } from '../shared/auth/sign-in-redirect.js';
import { userManagerSettings } from '../shared/auth/user-manager-settings.js';

const publicApi = createApiClient(() => undefined);

/**
 * Sign In or Get Started on the first-paint landing page: the OIDC client is loaded only now, reads the issuer and
 * client from GET /api/auth/config as the app's AuthProvider does, and leaves for the identity provider.
 */
export async function startLandingSignIn(action: 'sign-in' | 'get-started'): Promise<void> {
  const config = await publicApi.get('/auth/config', authConfigSchema);
  const userManager = new UserManager(userManagerSettings(config, window.location.origin));
  await userManager.signinRedirect(
    signInRedirectArgs(config, action === 'sign-in' ? landingSignIn : landingGetStarted),
  );
}
