import { useEffect, useMemo } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useAuth } from '../shared/auth/auth-context.js';
import { clearSignedInStorage } from '../shared/auth/signed-in-storage.js';
import { PLACEHOLDER_DASHBOARD_PATH } from '../shared/podcasts/podcast-paths.js';
import { ThemeSwitch } from '../shared/theme/theme-switch.js';
import type { LandingActions } from './landing-actions.js';
import { LandingPage } from './landing-page.js';
import { landingGetStarted, landingSignIn } from './landing-sign-in-requests.js';

/** The landing page inside the app: for a signed-in visitor, after Log Out, and on a navigation back to '/'. */
export function AppLandingPage() {
  const [searchParams] = useSearchParams();
  const { status, user, signIn, signUp, signOut } = useAuth();
  const navigate = useNavigate();
  const actions = useMemo<LandingActions>(
    () => ({
      status,
      ...(user ? { user } : {}),
      signIn: () => signIn(landingSignIn.returnTo),
      getStarted: () => signUp(landingGetStarted.returnTo),
      openDashboard: () => void navigate(PLACEHOLDER_DASHBOARD_PATH),
      logOut: signOut,
    }),
    [status, user, signIn, signUp, signOut, navigate],
  );

  if (searchParams.get('logout') === 'true') return <SignedOut />;
  return <LandingPage actions={actions} themeSwitch={<ThemeSwitch />} />;
}

/** The identity provider returns here after Log Out: forget the person's traces on the device, then go home. */
function SignedOut() {
  useEffect(clearSignedInStorage, []);
  return <Navigate to="/" replace />;
}
