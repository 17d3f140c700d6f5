import { BLANK_DASHBOARD_PATH, CREATE_PODCAST_PATH } from '../shared/podcasts/podcast-paths.js';
import type { SignInRequest } from '../shared/auth/use-oidc-session.js';

/** Sign In returns to the blank dashboard; Get Started opens the sign-up and returns to podcast creation. */
export const landingSignIn: SignInRequest = { returnTo: BLANK_DASHBOARD_PATH, signUp: false };
export const landingGetStarted: SignInRequest = { returnTo: CREATE_PODCAST_PATH, signUp: true };
