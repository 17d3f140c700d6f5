import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { AuthContext, type AuthState } from './auth-context.js';
import { endSession, restoreSession, startSignIn, type AuthSession } from './auth-session.js';

type SessionState =
  { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; session: AuthSession };

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    restoreSession().then(
      (session) => {
        if (active) setState(session ? { status: 'signed-in', session } : { status: 'signed-out' });
      },
      (error: unknown) => {
        console.error('Could not restore the sign-in session', error);
        if (active) setState({ status: 'signed-out' });
      },
    );
    return () => {
      active = false;
    };
  }, []);

  const value = useMemo<AuthState>(() => {
    const actions = { signIn: startSignIn, signOut: endSession };
    if (state.status !== 'signed-in') return { status: state.status, ...actions };
    return {
      status: 'signed-in',
      user: state.session.user,
      accessToken: state.session.accessToken,
      ...actions,
    };
  }, [state]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
