import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { catalogEvents, errorCatalogue } from '@castbase/contracts';
import { startAnalyticsTestApp, type AnalyticsTestApp } from '../testing/analytics-test-app.js';

describe("analytics service: a private podcast's downloads need its current token", () => {
  let analytics: AnalyticsTestApp;

  beforeAll(async () => {
    analytics = await startAnalyticsTestApp('cbtest_analytics_private');
  });

  afterAll(async () => {
    await analytics?.close();
  });

  const download = (path: string) => request(analytics.app.getHttpServer()).get(path);
  const downloadsOf = async (episodeId: string) =>
    (await analytics.rows('select 1 from analytics.download_requests where episode_id = ?', [episodeId]))
      .length;

  /** A published episode of a podcast the catalog has just made private with `token` (the event delivered). */
  async function privateEpisode(token: string) {
    const episode = await analytics.publishedEpisode();
    analytics.catalogPodcasts.set(episode.podcastId, { ownerId: episode.ownerId, privateToken: token });
    await analytics.deliver(catalogEvents.podcastUpdated, {
      podcastId: episode.podcastId,
      ownerId: episode.ownerId,
      slug: 'a-show',
    });
    return episode;
  }

  it('answers 401 FEED_TOKEN_REQUIRED without a token and 401 FEED_TOKEN_INVALID with another, uncounted and never cached', async () => {
    const episode = await privateEpisode('private-token-0123456789');

    const without = await download(episode.path);
    expect(without.status).toBe(401);
    expect(without.headers['cache-control']).toBe('no-store');
    expect(without.body).toEqual({
      code: 'FEED_TOKEN_REQUIRED',
      message: errorCatalogue.FEED_TOKEN_REQUIRED.message,
    });
    const wrong = await download(`${episode.path}?token=another-token-0123456789`);
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'FEED_TOKEN_INVALID' });
    expect(await downloadsOf(episode.episodeId)).toBe(0);

    const allowed = await download(`${episode.path}?token=private-token-0123456789`);
    expect(allowed.status).toBe(302);
    expect(allowed.headers['location']).toBe(episode.mediaUrl);
    expect(await downloadsOf(episode.episodeId)).toBe(1);
  });

  it('refuses the old token once the rotation (catalog.podcast.updated) is handled, and takes the new one', async () => {
    const episode = await privateEpisode('before-rotation-0123456');
    expect((await download(`${episode.path}?token=before-rotation-0123456`)).status).toBe(302);

    analytics.catalogPodcasts.set(episode.podcastId, {
      ownerId: episode.ownerId,
      privateToken: 'after-rotation-01234567',
    });
    await analytics.deliver(catalogEvents.podcastUpdated, {
      podcastId: episode.podcastId,
      ownerId: episode.ownerId,
      slug: 'a-show',
    });

    const old = await download(`${episode.path}?token=before-rotation-0123456`);
    expect([old.status, old.body.code]).toEqual([401, 'FEED_TOKEN_INVALID']);
    expect((await download(`${episode.path}?token=after-rotation-01234567`)).status).toBe(302);
  });

  it('asks the catalog on the first download of a podcast it has not heard of, and keeps only a hash of the token', async () => {
    const episode = await analytics.publishedEpisode();
    analytics.catalogPodcasts.set(episode.podcastId, {
      ownerId: episode.ownerId,
      privateToken: 'never-announced-012345',
    });

    expect((await download(episode.path)).status).toBe(401);
    expect((await download(`${episode.path}?token=never-announced-012345`)).status).toBe(302);
    const [stored] = await analytics.rows(
      'select private, token_hash from analytics.podcast_access where podcast_id = ?',
      [episode.podcastId],
    );
    expect(stored).toEqual({ private: true, token_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('lets anyone download a public podcast, and a podcast made public again', async () => {
    const episode = await privateEpisode('soon-public-0123456789');
    expect((await download(episode.path)).status).toBe(401);

    analytics.catalogPodcasts.set(episode.podcastId, { ownerId: episode.ownerId, privateToken: null });
    await analytics.deliver(catalogEvents.podcastUpdated, {
      podcastId: episode.podcastId,
      ownerId: episode.ownerId,
      slug: 'a-show',
    });
    expect((await download(episode.path)).status).toBe(302);
  });
});
