import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import {
  MEDIA_ORIGIN,
  mediaAt,
  startAnalyticsTestApp,
  type AnalyticsTestApp,
} from './testing/analytics-test-app.js';

describe('analytics service: the enclosure redirect counts downloads', () => {
  let analytics: AnalyticsTestApp;

  const downloadsOf = (episodeId: string) =>
    analytics.rows('select * from analytics.downloads where episode_id = ? order by occurred_at', [
      episodeId,
    ]);

  beforeAll(async () => {
    analytics = await startAnalyticsTestApp('cbtest_analytics');
  });

  afterAll(async () => {
    await analytics?.close();
  });

  it('keeps the enclosure of a published episode from catalog.episode.published', async () => {
    const episode = await analytics.publishedEpisode('public/media/owner-a/show/episode.mp3');

    expect(
      await analytics.rows('select * from analytics.enclosures where episode_id = ?', [episode.episodeId]),
    ).toEqual([
      {
        episode_id: episode.episodeId,
        podcast_id: episode.podcastId,
        owner_id: 'owner-a',
        media_key: 'public/media/owner-a/show/episode.mp3',
        file_name: 'episode.mp3',
        updated_at: expect.any(String),
      },
    ]);
  });

  it('redirects a download to the media with 302 and Cache-Control: no-store, and records it without the IP', async () => {
    const episode = await analytics.publishedEpisode();

    const response = await request(analytics.app.getHttpServer())
      .get(episode.path)
      .set('X-Forwarded-For', '203.0.113.7')
      .set('User-Agent', 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)')
      .set('Referer', 'https://overcast.fm/');

    expect(response.status).toBe(302);
    expect(response.headers['location']).toBe(episode.mediaUrl);
    expect(response.headers['cache-control']).toBe('no-store');
    const downloads = await downloadsOf(episode.episodeId);
    expect(downloads).toEqual([
      {
        id: expect.any(String),
        episode_id: episode.episodeId,
        podcast_id: episode.podcastId,
        owner_id: 'owner-a',
        occurred_at: expect.any(String),
        ip_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        user_agent: 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)',
        referrer: 'https://overcast.fm/',
        range_start: null,
      },
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const [salt] = await analytics.rows('select salt from analytics.ip_hash_salts where day = ?', [today]);
    const expected = createHash('sha256')
      .update(`${String(salt?.['salt'])}:203.0.113.7`)
      .digest('hex');
    expect(downloads[0]?.['ip_hash']).toBe(expected);
    expect(JSON.stringify(downloads)).not.toContain('203.0.113.7');
  });

  it('gives one listener the same hash within a day and another listener a different one', async () => {
    const episode = await analytics.publishedEpisode();
    const server = analytics.app.getHttpServer();

    await request(server).get(episode.path).set('X-Forwarded-For', '198.51.100.1').expect(302);
    await request(server).get(episode.path).set('X-Forwarded-For', '198.51.100.1').expect(302);
    await request(server).get(episode.path).set('X-Forwarded-For', '198.51.100.2').expect(302);

    const downloadsPerHash = await analytics.rows(
      'select count(*)::int as downloads from analytics.downloads where episode_id = ? group by ip_hash order by 1',
      [episode.episodeId],
    );
    expect(downloadsPerHash).toEqual([{ downloads: 1 }, { downloads: 2 }]);
  });

  it('redirects HEAD requests without counting them', async () => {
    const episode = await analytics.publishedEpisode();

    const response = await request(analytics.app.getHttpServer()).head(episode.path);

    expect(response.status).toBe(302);
    expect(response.headers['location']).toBe(episode.mediaUrl);
    expect(await downloadsOf(episode.episodeId)).toEqual([]);
  });

  it('counts a Range request from byte 0 and redirects, but does not count one that resumes past it', async () => {
    const episode = await analytics.publishedEpisode();
    const server = analytics.app.getHttpServer();

    await request(server)
      .get(episode.path)
      .set('Range', 'bytes=0-1')
      .expect(302)
      .expect('Location', episode.mediaUrl);
    await request(server)
      .get(episode.path)
      .set('Range', 'bytes=524288-')
      .expect(302)
      .expect('Location', episode.mediaUrl);

    expect((await downloadsOf(episode.episodeId)).map((row) => row['range_start'])).toEqual(['0']);
  });

  it('answers 404 EPISODE_NOT_FOUND for an unknown episode, another podcast, or ids that are not ids', async () => {
    const episode = await analytics.publishedEpisode();
    const server = analytics.app.getHttpServer();
    const notFound = { code: 'EPISODE_NOT_FOUND', message: 'Episode not found' };

    for (const path of [
      `/e/${episode.podcastId}/${randomUUID()}/episode.mp3`,
      `/e/${randomUUID()}/${episode.episodeId}/episode.mp3`,
      '/e/not-a-podcast/not-an-episode/episode.mp3',
    ]) {
      const response = await request(server).get(path);
      expect({ path, status: response.status, body: response.body }).toEqual({
        path,
        status: 404,
        body: notFound,
      });
    }
    expect(await downloadsOf(episode.episodeId)).toEqual([]);
  });

  it('follows an episode published again to its new media, and forgets it when published without media', async () => {
    const episode = await analytics.publishedEpisode('public/media/owner-a/first/episode.mp3');
    const server = analytics.app.getHttpServer();

    await analytics.publish({ ...episode, media: mediaAt('public/media/owner-a/second/episode.mp3') });
    await request(server)
      .get(episode.path)
      .expect(302)
      .expect('Location', `${MEDIA_ORIGIN}/storage/public/media/owner-a/second/episode.mp3`);

    await analytics.publish({ ...episode, media: null });
    await request(server).get(episode.path).expect(404);
  });
});
