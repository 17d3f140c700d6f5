import type { AuthConfig } from '@castbase/contracts';
import type { SigninRedirectArgs } from 'oidc-client-ts';
import { signInState } from './sign-in-return.js';
import type { SignInRequest } from './use-oidc-session.js';
import { audienceParams } from './user-manager-settings.js';

/** What a sign-in sends the identity provider: where to return after it, and for a sign-up the provider's hints. */
export function signInRedirectArgs(
  config: AuthConfig,
  { returnTo, signUp }: SignInRequest,
): SigninRedirectArgs {
  return {
    state: signInState(returnTo),
    ...(signUp ? { extraQueryParams: { ...audienceParams(config), ...config.signUpParams } } : {}),
  };
}
