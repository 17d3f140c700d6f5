import { useNavigate } from 'react-router-dom';
import { useAuth } from '../shared/auth/auth-context.js';
import { CREATE_PODCAST_PATH, PLACEHOLDER_DASHBOARD_PATH } from '../shared/podcasts/podcast-paths.js';

/** Where the landing page's buttons lead; signing in returns to the page each button promises. */
export function useLandingActions() {
  const { status, user, signIn, signOut } = useAuth();
  const navigate = useNavigate();
  return {
    status,
    user,
    signIn: () => signIn('/blank-dashboard'),
    getStarted: () => signIn(CREATE_PODCAST_PATH),
    // The home page does not know which podcast to open; the placeholder dashboard picks the first one.
    openDashboard: () => navigate(PLACEHOLDER_DASHBOARD_PATH),
    logOut: signOut,
  };
}
