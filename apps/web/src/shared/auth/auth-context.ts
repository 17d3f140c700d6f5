import { createContext, useContext } from 'react';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

/** Spec 1 §6: a failed sign-in or token renewal, as 'sign in again' or anything else. */
export type AuthError = 'login_required' | 'token_failed';

export interface AuthUser {
  id: string;
  email?: string;
  name?: string;
}

export interface AuthState {
  status: AuthStatus;
  user?: AuthUser;
  /** Sent as `Authorization: Bearer` on every API request; the gateway verifies it. */
  accessToken?: string;
  /** The last sign-in or renewal failure, if any. */
  error?: AuthError;
  /** Starts sign-in at the identity provider; the callback then routes the visitor, using `returnTo`. */
  signIn(returnTo: string): void;
  /** Like `signIn`, but opens the identity provider's sign-up screen. */
  signUp(returnTo: string): void;
  /** Ends the session at the identity provider, which returns to '/?logout=true'. */
  signOut(): void;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth() is only available inside <AuthProvider>');
  return auth;
}
