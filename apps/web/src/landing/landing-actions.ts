import { createContext, useContext } from 'react';
import type { AuthStatus, AuthUser } from '../shared/auth/auth-context.js';

/**
 * What the landing page's buttons do (spec 1 §2): Sign In returns to the blank dashboard, Get Started opens the
 * identity provider's sign-up and returns to podcast creation (the callback makes the final choice), Dashboard opens
 * the placeholder dashboard, which picks the first podcast. The page has two hosts: the app (`AppLandingPage`) and,
 * for a visitor with no session on the device, the first-paint entry (`apps/web/src/first-paint`), which loads
 * the sign-in only when it is asked for.
 */
export interface LandingActions {
  status: AuthStatus;
  user?: AuthUser;
  signIn(): void;
  getStarted(): void;
  openDashboard(): void;
  logOut(): void;
}

export const LandingActionsContext = createContext<LandingActions | null>(null);

export function useLandingActions(): LandingActions {
  const actions = useContext(LandingActionsContext);
  if (!actions) throw new Error('useLandingActions() is only available inside <LandingPage>');
  return actions;
}
