import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import 'virtual:castbase-theme-variables.css';
import { LandingPage } from '../landing/landing-page.js';
import type { LandingActions } from '../landing/landing-actions.js';
import { ThemeMenu } from './theme-menu.js';

function startSignIn(action: 'sign-in' | 'get-started') {
  import('./landing-sign-in.js')
    .then(({ startLandingSignIn }) => startLandingSignIn(action))
    .catch((error: unknown) => console.error('Could not start signing in', error));
}

/**
 * Nobody is signed in on this page (a session on the device loads the app instead), so Dashboard and Log Out are
 * never shown; were they pressed, the app at '/' would answer.
 */
const signedOutActions: LandingActions = {
  status: 'signed-out',
  signIn: () => startSignIn('sign-in'),
  getStarted: () => startSignIn('get-started'),
  openDashboard: () => window.location.assign('/'),
  logOut: () => window.location.assign('/'),
};

/** The landing page for the first paint of '/': the app's page and look, with only React loaded. */
export function FirstPaintLanding() {
  return <LandingPage actions={signedOutActions} themeSwitch={<ThemeMenu />} />;
}
