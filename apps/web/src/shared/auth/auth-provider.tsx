import { authConfigSchema, type AuthConfig } from '@castbase/contracts';
import { useQuery } from '@tanstack/react-query';
import { UserManager, type User } from 'oidc-client-ts';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { AuthProvider as OidcProvider } from 'react-oidc-context';
import { createApiClient } from '../api/api-client.js';
import { AuthContext, type AuthState } from './auth-context.js';
import { rememberSignInReturn } from './sign-in-return.js';
import { useOidcSession, type SignInRequest } from './use-oidc-session.js';
import { CALLBACK_PATH, userManagerSettings } from './user-manager-settings.js';

const publicApi = createApiClient(() => undefined);
const AUTH_CONFIG_QUERY_KEY = ['auth', 'config'] as const;

/**
 * Signs people in with OpenID Connect. The issuer and client are read at start-up from GET /api/auth/config; until
 * then (or when that fails) the visitor counts as loading (or signed out), and a sign-in asked for meanwhile starts
 * as soon as the configuration is there.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const config = useQuery({
    queryKey: AUTH_CONFIG_QUERY_KEY,
    queryFn: ({ signal }) => publicApi.get('/auth/config', authConfigSchema, signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const [pending, setPending] = useState<SignInRequest | null>(null);
  const { refetch } = config;

  const request = useCallback(
    (next: SignInRequest) => {
      setPending(next);
      void refetch();
    },
    [refetch],
  );
  const unconfigured = useMemo<AuthState>(
    () => ({
      status: config.isError ? 'signed-out' : 'loading',
      ...(config.isError ? { error: 'token_failed' as const } : {}),
      signIn: (returnTo) => request({ returnTo, signUp: false }),
      signUp: (returnTo) => request({ returnTo, signUp: true }),
      // Nobody can be signed in before the configuration arrived; leaving goes home all the same.
      signOut: () => window.location.assign('/'),
    }),
    [config.isError, request],
  );

  if (!config.data) return <AuthContext.Provider value={unconfigured}>{children}</AuthContext.Provider>;
  return (
    <OidcSession config={config.data} pending={pending}>
      {children}
    </OidcSession>
  );
}

interface OidcSessionProps {
  config: AuthConfig;
  pending: SignInRequest | null;
  children: ReactNode;
}

function OidcSession({ config, pending, children }: OidcSessionProps) {
  const [userManager] = useState(() => new UserManager(userManagerSettings(config, window.location.origin)));
  return (
    <OidcProvider
      userManager={userManager}
      onSigninCallback={completeSignInRedirect}
      // Other pages can carry a code and state of their own (the social OAuth returns); only /callback is ours.
      skipSigninCallback={window.location.pathname !== CALLBACK_PATH}
    >
      <SessionContext config={config} userManager={userManager} pending={pending}>
        {children}
      </SessionContext>
    </OidcProvider>
  );
}

function SessionContext({ children, ...session }: OidcSessionProps & { userManager: UserManager }) {
  const value = useOidcSession(session);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** After the code exchange: keep the state's return path, and take the code and state out of the address. */
function completeSignInRedirect(user: User | undefined): void {
  rememberSignInReturn(user?.state);
  window.history.replaceState(window.history.state, document.title, window.location.pathname);
}
