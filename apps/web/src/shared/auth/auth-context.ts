import { createContext, useContext } from 'react';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

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
  /** Starts sign-in; after it the visitor lands on `returnTo` (a path inside the app). */
  signIn(returnTo: string): void;
  /** Ends the session and returns to the landing page. */
  signOut(): void;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth() is only available inside <AuthProvider>');
  return auth;
}
