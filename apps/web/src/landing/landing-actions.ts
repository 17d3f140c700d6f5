import { useNavigate } from 'react-router-dom';
import { useAuth } from '../shared/auth/auth-context.js';
import {
  BLANK_DASHBOARD_PATH,
  CREATE_PODCAST_PATH,
  PLACEHOLDER_DASHBOARD_PATH,
} from '../shared/podcasts/podcast-paths.js';

/**
 * Where the landing page's buttons lead (spec 1 §2): Sign In returns to the blank dashboard, Get Started opens the
 * identity provider's sign-up and returns to podcast creation; the callback makes the final choice.
 */
export function useLandingActions() {
  const { status, user, signIn, signUp, signOut } = useAuth();
  const navigate = useNavigate();
  return {
    status,
    user,
    signIn: () => signIn(BLANK_DASHBOARD_PATH),
    getStarted: () => signUp(CREATE_PODCAST_PATH),
    // The home page does not know which podcast to open; the placeholder dashboard picks the first one.
    openDashboard: () => navigate(PLACEHOLDER_DASHBOARD_PATH),
    logOut: signOut,
  };
}
