import {
  MEDIA_UPLOAD_PATH,
  type Contributor,
  type Episode,
  type EpisodeVersion,
  type ErrorCode,
  type Podcast,
  type PodcastPermission,
  type PodcastSettingsInput,
} from '@castbase/contracts';
import type { ApiClient } from './api-client.js';

/** What one call of a route needs: its path and body, made fresh for each caller when the call changes things. */
export interface PreparedCall {
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface PodcastScopedRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route as documented, for the test's name. */
  route: string;
  permission: PodcastPermission;
  /** The status a caller whose role allows it gets. */
  success: number;
  /** Where the route names its podcast: a stranger's 404 says "Podcast not found" or "Episode not found". */
  scope: 'podcast' | 'episode';
  /** The 403 code of a role too low. */
  forbidden?: ErrorCode;
  prepare: () => Promise<PreparedCall>;
}

/** The shared podcast of the role matrix and the owner's ways to make fresh things on it. */
export interface RoleMatrixFixture {
  podcastId: () => string;
  owner: () => ApiClient;
  settingsForm: () => PodcastSettingsInput;
  teamPodcast: (name: string) => Promise<Podcast>;
  freshInvitation: () => Promise<Contributor>;
  freshEpisode: (state?: 'draft' | 'with media' | 'published' | 'scheduled') => Promise<Episode>;
  nextEmail: (prefix: string) => string;
}

const base64 = (value: string) => Buffer.from(value).toString('base64');

/**
 * Every podcast-scoped route of the gateway (catalog's and media's), with the permission it needs and what it
 * answers when allowed. A route that changes things gets fresh ones for each caller.
 */
export function podcastScopedRoutes(fixture: RoleMatrixFixture): PodcastScopedRoute[] {
  return [
    {
      method: 'GET',
      route: '/api/podcasts/:podcastId',
      permission: 'view',
      success: 200,
      scope: 'podcast',
      prepare: async () => ({ path: `/api/podcasts/${fixture.podcastId()}` }),
    },
    {
      method: 'PUT',
      route: '/api/podcasts/:podcastId',
      permission: 'manage',
      success: 200,
      scope: 'podcast',
      prepare: async () => ({ path: `/api/podcasts/${fixture.podcastId()}`, body: fixture.settingsForm() }),
    },
    {
      method: 'POST',
      route: '/api/podcasts/:podcastId/private-token',
      permission: 'manage',
      success: 200,
      scope: 'podcast',
      prepare: async () => ({ path: `/api/podcasts/${fixture.podcastId()}/private-token` }),
    },
    {
      method: 'DELETE',
      route: '/api/podcasts/:podcastId',
      permission: 'manage',
      success: 200,
      scope: 'podcast',
      prepare: async () => ({ path: `/api/podcasts/${(await fixture.teamPodcast('Deleted Show')).id}` }),
    },
    {
      method: 'POST',
      route: '/api/podcasts/:podcastId/feed',
      permission: 'editEpisodes',
      success: 200,
      scope: 'podcast',
      prepare: async () => ({ path: `/api/podcasts/${fixture.podcastId()}/feed` }),
    },
    {
      method: 'GET',
      route: '/api/podcasts/:podcastId/feed',
      permission: 'view',
      success: 200,
      scope: 'podcast',
      prepare: async () => ({ path: `/api/podcasts/${fixture.podcastId()}/feed` }),
    },
    {
      method: 'GET',
      route: '/api/podcasts/:podcastId/analytics',
      permission: 'view',
      success: 200,
      scope: 'podcast',
      prepare: async () => ({ path: `/api/podcasts/${fixture.podcastId()}/analytics?timeRange=7d` }),
    },
    {
      method: 'GET',
      route: '/api/podcasts/:podcastId/analytics/dashboard',
      permission: 'view',
      success: 200,
      scope: 'podcast',
      prepare: async () => ({ path: `/api/podcasts/${fixture.podcastId()}/analytics/dashboard` }),
    },
    {
      method: 'GET',
      route: '/api/podcasts/:podcastId/analytics/feed',
      permission: 'view',
      success: 200,
      scope: 'podcast',
      prepare: async () => ({ path: `/api/podcasts/${fixture.podcastId()}/analytics/feed?timeRange=30d` }),
    },
    {
      method: 'POST',
      route: '/api/podcasts/:podcastId/analytics/export',
      permission: 'view',
      success: 200,
      scope: 'podcast',
      // JSON, so the matrix reads the answer as the other routes'.
      prepare: async () => ({
        path: `/api/podcasts/${fixture.podcastId()}/analytics/export`,
        body: { format: 'json', metrics: ['plays'] },
      }),
    },
    {
      method: 'GET',
      route: '/api/podcasts/:podcastId/episodes/:episodeId/analytics',
      permission: 'view',
      success: 200,
      scope: 'podcast',
      prepare: async () => {
        const episode = await fixture.freshEpisode('published');
        return { path: `/api/podcasts/${fixture.podcastId()}/episodes/${episode.id}/analytics` };
      },
    },
    {
      method: 'GET',
      route: '/api/podcasts/:podcastId/directories',
      permission: 'view',
      success: 200,
      scope: 'podcast',
      prepare: async () => ({ path: `/api/podcasts/${fixture.podcastId()}/directories` }),
    },
    {
      // The submission route needs a podcast ready for the directory; web-directories.e2e.ts calls it.
      method: 'PUT',
      route: '/api/podcasts/:podcastId/directories/:directoryId/status',
      permission: 'editEpisodes',
      success: 200,
      scope: 'podcast',
      prepare: async () => ({
        path: `/api/podcasts/${fixture.podcastId()}/directories/spotify/status`,
        body: { status: 'under_review' },
      }),
    },
    {
      method: 'GET',
      route: '/api/podcasts/:podcastId/contributors',
      permission: 'view',
      success: 200,
      scope: 'podcast',
      prepare: async () => ({ path: `/api/podcasts/${fixture.podcastId()}/contributors` }),
    },
    {
      method: 'POST',
      route: '/api/podcasts/:podcastId/contributors',
      permission: 'manageContributors',
      success: 201,
      scope: 'podcast',
      prepare: async () => ({
        path: `/api/podcasts/${fixture.podcastId()}/contributors`,
        body: { email: fixture.nextEmail('new'), role: 'editor' },
      }),
    },
    {
      method: 'PATCH',
      route: '/api/podcasts/:podcastId/contributors/:contributorId',
      permission: 'manageContributors',
      success: 200,
      scope: 'podcast',
      prepare: async () => ({
        path: `/api/podcasts/${fixture.podcastId()}/contributors/${(await fixture.freshInvitation()).id}`,
        body: { role: 'editor' },
      }),
    },
    {
      method: 'DELETE',
      route: '/api/podcasts/:podcastId/contributors/:contributorId',
      permission: 'manageContributors',
      success: 200,
      scope: 'podcast',
      prepare: async () => ({
        path: `/api/podcasts/${fixture.podcastId()}/contributors/${(await fixture.freshInvitation()).id}`,
      }),
    },
    {
      method: 'GET',
      route: '/api/podcasts/:podcastId/episodes',
      permission: 'view',
      success: 200,
      scope: 'podcast',
      prepare: async () => ({
        path: `/api/podcasts/${fixture.podcastId()}/episodes?search=episode&status=draft&sort=title&direction=asc&page=1&pageSize=10`,
      }),
    },
    {
      method: 'POST',
      route: '/api/podcasts/:podcastId/episodes',
      permission: 'editEpisodes',
      success: 201,
      scope: 'podcast',
      prepare: async () => ({
        path: `/api/podcasts/${fixture.podcastId()}/episodes`,
        body: { title: 'New draft' },
      }),
    },
    {
      method: 'GET',
      route: '/api/episodes/:episodeId',
      permission: 'view',
      success: 200,
      scope: 'episode',
      prepare: async () => ({ path: `/api/episodes/${(await fixture.freshEpisode()).id}` }),
    },
    {
      method: 'PATCH',
      route: '/api/episodes/:episodeId',
      permission: 'editEpisodes',
      success: 200,
      scope: 'episode',
      prepare: async () => {
        const episode = await fixture.freshEpisode();
        return { path: `/api/episodes/${episode.id}`, body: { revision: episode.revision, title: 'Edited' } };
      },
    },
    {
      method: 'DELETE',
      route: '/api/episodes/:episodeId',
      permission: 'editEpisodes',
      success: 200,
      scope: 'episode',
      prepare: async () => ({ path: `/api/episodes/${(await fixture.freshEpisode()).id}` }),
    },
    {
      method: 'POST',
      route: '/api/episodes/:episodeId/publish',
      permission: 'editEpisodes',
      success: 200,
      scope: 'episode',
      forbidden: 'EPISODE_PUBLISH_FORBIDDEN',
      prepare: async () => ({
        path: `/api/episodes/${(await fixture.freshEpisode('with media')).id}/publish`,
      }),
    },
    {
      method: 'POST',
      route: '/api/episodes/:episodeId/unpublish',
      permission: 'editEpisodes',
      success: 200,
      scope: 'episode',
      prepare: async () => ({
        path: `/api/episodes/${(await fixture.freshEpisode('published')).id}/unpublish`,
      }),
    },
    {
      method: 'POST',
      route: '/api/episodes/:episodeId/schedule',
      permission: 'editEpisodes',
      success: 200,
      scope: 'episode',
      prepare: async () => ({
        path: `/api/episodes/${(await fixture.freshEpisode('with media')).id}/schedule`,
        body: { scheduledReleaseDate: new Date(Date.now() + 3 * 86_400_000).toISOString() },
      }),
    },
    {
      method: 'POST',
      route: '/api/episodes/:episodeId/cancel-schedule',
      permission: 'editEpisodes',
      success: 200,
      scope: 'episode',
      prepare: async () => ({
        path: `/api/episodes/${(await fixture.freshEpisode('scheduled')).id}/cancel-schedule`,
      }),
    },
    {
      method: 'POST',
      route: '/api/episodes/:episodeId/duplicate',
      permission: 'editEpisodes',
      success: 201,
      scope: 'episode',
      prepare: async () => ({ path: `/api/episodes/${(await fixture.freshEpisode()).id}/duplicate` }),
    },
    {
      method: 'GET',
      route: '/api/episodes/:episodeId/versions',
      permission: 'view',
      success: 200,
      scope: 'episode',
      prepare: async () => ({ path: `/api/episodes/${(await fixture.freshEpisode()).id}/versions` }),
    },
    {
      method: 'POST',
      route: '/api/episodes/:episodeId/versions/:versionId/restore',
      permission: 'editEpisodes',
      success: 200,
      scope: 'episode',
      prepare: async () => {
        const episode = await fixture.freshEpisode();
        const { items } = await fixture
          .owner()
          .ok<{ items: EpisodeVersion[] }>('GET', `/api/episodes/${episode.id}/versions`);
        return {
          path: `/api/episodes/${episode.id}/versions/${items[0]!.id}/restore`,
          body: { revision: episode.revision },
        };
      },
    },
    {
      method: 'POST',
      route: `${MEDIA_UPLOAD_PATH} (tus creation with podcastId)`,
      permission: 'editEpisodes',
      success: 201,
      scope: 'podcast',
      prepare: async () => ({
        path: MEDIA_UPLOAD_PATH,
        headers: {
          'tus-resumable': '1.0.0',
          'upload-length': '48000',
          'upload-metadata': [
            `filename ${base64('next-episode.mp3')}`,
            `filetype ${base64('audio/mpeg')}`,
            `purpose ${base64('episode-media')}`,
            `podcastId ${base64(fixture.podcastId())}`,
          ].join(','),
        },
      }),
    },
  ];
}
