import { UNSUBSCRIBE_PAGE_PATH } from '@castbase/contracts';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { podcastScreenRoutes } from '../screens/podcast-screens.js';
import { LastUsedPodcastRedirect } from '../screens/podcast-redirects.js';
import { RequireSignIn } from '../shared/auth/require-sign-in.js';
import { FullPageLoader } from '../shared/layout/full-page-loader.js';
import { RootErrorPage } from './root-error-page.js';

const toHome = <Navigate to="/" replace />;

/**
 * A route whose screen is downloaded the first time it opens (`tools/scripts/web-bundle-report.mjs` prints what
 * each route loads): `load` imports the module, `pick` names its component.
 */
function lazyScreen<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/** The whole route table (spec 1 §2). Anything not listed goes back to the landing page. */
export const routes: RouteObject[] = [
  {
    errorElement: <RootErrorPage />,
    // Shown while the first screen's code is downloaded.
    hydrateFallbackElement: <FullPageLoader label="Loading Castbase" />,
    children: [
      {
        path: '/',
        lazy: lazyScreen(
          () => import('../landing/app-landing-page.js'),
          (m) => m.AppLandingPage,
        ),
      },
      {
        path: '/embed/audio',
        lazy: lazyScreen(
          () => import('../screens/embedded-audio-player.js'),
          (m) => m.EmbeddedAudioPlayer,
        ),
      },
      {
        path: '/episode/:episodeId',
        lazy: lazyScreen(
          () => import('../public/public-episode-page.js'),
          (m) => m.PublicEpisodePage,
        ),
      },
      {
        path: '/podcast/:name',
        lazy: lazyScreen(
          () => import('../public/public-podcast-page.js'),
          (m) => m.PublicPodcastPage,
        ),
      },
      {
        path: UNSUBSCRIBE_PAGE_PATH,
        lazy: lazyScreen(
          () => import('../unsubscribe/unsubscribe-page.js'),
          (m) => m.UnsubscribePage,
        ),
      },
      {
        path: '/callback',
        lazy: lazyScreen(
          () => import('../callback/callback-page.js'),
          (m) => m.CallbackPage,
        ),
      },
      {
        path: '/onboarding',
        lazy: lazyScreen(
          () => import('../onboarding/onboarding-page.js'),
          (m) => m.OnboardingPage,
        ),
      },
      {
        element: <RequireSignIn />,
        children: [
          {
            path: '/blank-dashboard',
            lazy: lazyScreen(
              () => import('../screens/account-screens.js'),
              (m) => m.BlankDashboardScreen,
            ),
          },
          {
            path: '/profile',
            lazy: lazyScreen(
              () => import('../profile/profile-screen.js'),
              (m) => m.ProfileScreen,
            ),
          },
          {
            path: '/import',
            lazy: lazyScreen(
              () => import('../podcasts/import/podcast-import-screen.js'),
              (m) => m.PodcastImportScreen,
            ),
          },
          {
            path: '/social',
            lazy: lazyScreen(
              () => import('../screens/account-screens.js'),
              (m) => m.SocialScreen,
            ),
          },
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
            lazy: lazyScreen(
              () => import('../dashboard/podcast-area.js'),
              (m) => m.PodcastArea,
            ),
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
