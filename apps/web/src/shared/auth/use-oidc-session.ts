import { classifyTokenError, type AuthConfig } from '@castbase/contracts';
import { ErrorResponse, type User, type UserManager } from 'oidc-client-ts';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useAuth as useOidc } from 'react-oidc-context';
import type { AuthError, AuthState, AuthStatus, AuthUser } from './auth-context.js';
import { signInRedirectArgs } from './sign-in-redirect.js';
import { SIGNED_OUT_PATH } from './user-manager-settings.js';

export interface SignInRequest {
  returnTo: string;
  /** Opens the identity provider's sign-up screen instead of its sign-in screen. */
  signUp: boolean;
}

interface OidcSessionOptions {
  config: AuthConfig;
  userManager: UserManager;
  /** A sign-in asked for before the configuration had loaded. */
  pending: SignInRequest | null;
}

/** The app's `AuthState` over react-oidc-context's session. */
export function useOidcSession({ config, userManager, pending }: OidcSessionOptions): AuthState {
  const oidc = useOidc();
  const user = oidc.user ?? null;
  const initialising = oidc.isLoading && oidc.activeNavigator === undefined;
  const [renewFailure, setRenewFailure] = useState<unknown>(null);

  // A session stored on the device may have outlived its access token (the page was closed); its refresh token
  // renews it before anyone decides the visitor is signed out.
  const [resumed, setResumed] = useState(false);
  const resumeStarted = useRef(false);
  const needsResume =
    !initialising && !resumed && user !== null && user.expired === true && Boolean(user.refresh_token);
  useEffect(() => {
    if (!needsResume || resumeStarted.current) return;
    resumeStarted.current = true;
    userManager
      .signinSilent()
      .catch((error: unknown) => {
        console.error('Could not renew the stored session', error);
        setRenewFailure(error);
      })
      .finally(() => setResumed(true));
  }, [needsResume, userManager]);

  // The access token running out changes nothing in react-oidc-context's state; render again to notice.
  const [, noticeExpiry] = useReducer((count: number) => count + 1, 0);
  useEffect(() => userManager.events.addAccessTokenExpired(noticeExpiry), [userManager]);

  const start = useCallback(
    (request: SignInRequest) => {
      void oidc.signinRedirect(signInRedirectArgs(config, request));
    },
    [oidc, config],
  );

  const pendingStarted = useRef(false);
  useEffect(() => {
    if (!pending || initialising || pendingStarted.current) return;
    pendingStarted.current = true;
    start(pending);
  }, [pending, initialising, start]);

  // oidc-client-ts forgets the user before it leaves for the issuer: until the page goes, the session reads as
  // loading, so protected screens show their spinner instead of flashing the landing page.
  const [signingOut, setSigningOut] = useState(false);
  const signOut = useCallback(() => {
    setSigningOut(true);
    userManager.signoutRedirect().catch(async (error: unknown) => {
      console.error('Signing out at the identity provider failed; ending the session here', error);
      await userManager.removeUser();
      window.location.assign(SIGNED_OUT_PATH);
    });
  }, [userManager]);

  const status: AuthStatus =
    initialising || needsResume || signingOut
      ? 'loading'
      : user && user.expired !== true
        ? 'signed-in'
        : 'signed-out';
  const failure = oidc.error ?? renewFailure;
  const error: AuthError | undefined = failure ? classifyTokenError(oauthErrorCode(failure)) : undefined;
  const authUser = useMemo(() => (user ? authUserOf(user) : undefined), [user]);

  return useMemo<AuthState>(
    () => ({
      status,
      ...(status === 'signed-in' && user && authUser
        ? { user: authUser, accessToken: user.access_token }
        : {}),
      ...(error ? { error } : {}),
      signIn: (returnTo) => start({ returnTo, signUp: false }),
      signUp: (returnTo) => start({ returnTo, signUp: true }),
      signOut,
    }),
    [status, user, authUser, error, start, signOut],
  );
}

function authUserOf(user: User): AuthUser {
  const { sub, email, name, preferred_username: username, nickname } = user.profile;
  const displayName = name ?? username ?? nickname;
  return { id: sub, ...(email ? { email } : {}), ...(displayName ? { name: displayName } : {}) };
}

/** The OAuth error code ('login_required', 'invalid_grant', ...) behind a sign-in or renewal failure. */
function oauthErrorCode(failure: unknown): string | undefined {
  const inner =
    failure && typeof failure === 'object' && 'innerError' in failure ? failure.innerError : failure;
  return inner instanceof ErrorResponse ? (inner.error ?? undefined) : undefined;
}
