import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { PodcastArea } from '../dashboard/podcast-area.js';
import { CallbackPage } from '../callback/callback-page.js';
import { LandingPage } from '../landing/landing-page.js';
import { OnboardingPage } from '../onboarding/onboarding-page.js';
import { ProfileScreen } from '../profile/profile-screen.js';
import { BlankDashboardScreen, SocialScreen } from '../screens/account-screens.js';
import { EmbeddedAudioPlayer } from '../screens/embedded-audio-player.js';
import { podcastScreenRoutes } from '../screens/podcast-screens.js';
import { LastUsedPodcastRedirect } from '../screens/podcast-redirects.js';
import { RequireSignIn } from '../shared/auth/require-sign-in.js';
import { RootErrorPage } from './root-error-page.js';

const toHome = <Navigate to="/" replace />;

/** The whole route table (spec 1 §2). Anything not listed goes back to the landing page. */
export const routes: RouteObject[] = [
  {
    errorElement: <RootErrorPage />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/embed/audio', element: <EmbeddedAudioPlayer /> },
      { path: '/callback', element: <CallbackPage /> },
      { path: '/onboarding', element: <OnboardingPage /> },
      {
        element: <RequireSignIn />,
        children: [
          { path: '/blank-dashboard', element: <BlankDashboardScreen /> },
          { path: '/profile', element: <ProfileScreen /> },
          { path: '/social', element: <SocialScreen /> },
          { path: '/dashboard', element: <LastUsedPodcastRedirect segment="dashboard" /> },
          {
            path: '/episodes/:episodeId/edit',
            element: <LastUsedPodcastRedirect segment="episodes/:episodeId/edit" />,
          },
          {
            path: '/episodes/:episodeId/analytics',
            element: <LastUsedPodcastRedirect segment="episodes/:episodeId/analytics" />,
          },
          {
            path: '/p/:podcastId',
            element: <PodcastArea />,
            children: [{ index: true, element: toHome }, ...podcastScreenRoutes],
          },
        ],
      },
      { path: '*', element: toHome },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
