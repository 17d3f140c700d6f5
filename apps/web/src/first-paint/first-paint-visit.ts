import { hasStoredSession } from '../shared/auth/stored-session.js';

/**
 * Whether this page load shows the first-paint landing page: '/' for a visitor with no session on the device. A
 * signed-in visitor (Dashboard, Log Out, the theme saved with their settings) and the return from Log Out
 * ('/?logout=true', which clears the device) get the app.
 */
export function isFirstPaintVisit(): boolean {
  const { pathname, search } = window.location;
  return pathname === '/' && new URLSearchParams(search).get('logout') !== 'true' && !hasStoredSession();
}
