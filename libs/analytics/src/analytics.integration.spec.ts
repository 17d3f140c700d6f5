import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { catalogEvents } from '@castbase/contracts';
import {
  MEDIA_ORIGIN,
  mediaAt,
  startAnalyticsTestApp,
  type AnalyticsTestApp,
} from './testing/analytics-test-app.js';
import { DownloadWriter } from './downloads/download-writer.js';

describe('analytics service: the enclosure redirect records every download request', () => {
  let analytics: AnalyticsTestApp;

  const requestsOf = (episodeId: string) =>
    analytics.rows(
      'select * from analytics.download_requests where episode_id = ? order by occurred_at, id',
      [episodeId],
    );
  const server = () => analytics.app.getHttpServer();

  /** SHA-256 of a day's stored salt and the text, cut to 16 bytes, as ListenerKeys makes a key. */
  async function saltedKey(day: string, text: string): Promise<Buffer> {
    const [stored] = await analytics.rows('select salt from analytics.ip_hash_salts where day = ?', [day]);
    return createHash('sha256')
      .update(`${String(stored?.['salt'])}\n${text}`)
      .digest()
      .subarray(0, 16);
  }

  const listenerKey = (day: string, address: string, userAgent: string) =>
    saltedKey(day, `${address}\n${userAgent}`);
  const addressKey = (day: string, address: string) => saltedKey(day, address);

  beforeAll(async () => {
    analytics = await startAnalyticsTestApp('cbtest_analytics');
  });

  afterAll(async () => {
    await analytics?.close();
  });

  it('keeps the enclosure of a published episode from catalog.episode.published, with its size and duration', async () => {
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
        size_bytes: '1000',
        duration_seconds: 3,
        title: analytics.catalogEpisodes.get(episode.episodeId)!.title,
        unpublished_at: null,
        updated_at: expect.any(String),
      },
    ]);
  });

  it('redirects a download with 302, no-store and no body, once its row is stored, without the address', async () => {
    const episode = await analytics.publishedEpisode();
    const userAgent = 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)';

    const response = await request(server())
      .get(episode.path)
      .set('X-Forwarded-For', '8.8.8.8')
      .set('User-Agent', userAgent)
      .set('Referer', 'https://overcast.fm/');

    expect(response.status).toBe(302);
    expect(response.headers['location']).toBe(episode.mediaUrl);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-length']).toBe('0');
    const rows = await requestsOf(episode.episodeId);
    expect(rows).toEqual([
      {
        id: expect.any(String),
        occurred_at: expect.any(String),
        podcast_id: episode.podcastId,
        episode_id: episode.episodeId,
        owner_id: 'owner-a',
        listener_day: expect.any(Buffer),
        listener_next: expect.any(Buffer),
        address_day: expect.any(Buffer),
        country: 'US',
        user_agent: userAgent,
        referrer: 'https://overcast.fm/',
        range_header: null,
        prefetch: false,
        source: null,
        own_storage: false,
      },
    ]);
    const day = new Date(String(rows[0]?.['occurred_at'])).toISOString().slice(0, 10);
    const nextDay = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(rows[0]?.['listener_day']).toEqual(await listenerKey(day, '8.8.8.8', userAgent));
    expect(rows[0]?.['listener_next']).toEqual(await listenerKey(nextDay, '8.8.8.8', userAgent));
    expect(rows[0]?.['address_day']).toEqual(await addressKey(day, '8.8.8.8'));
    expect(JSON.stringify(rows)).not.toContain('8.8.8.8');
    const [partition] = await analytics.rows(
      'select tableoid::regclass::text as name from analytics.download_requests where episode_id = ?',
      [episode.episodeId],
    );
    expect(partition?.['name']).toBe(`analytics.download_requests_${day.replaceAll('-', '')}`);
  });

  it('recognises a listener by address and user agent, with an IPv6 address cut to its /64', async () => {
    const episode = await analytics.publishedEpisode();
    const get = (address: string, userAgent: string) =>
      request(server())
        .get(episode.path)
        .set('X-Forwarded-For', address)
        .set('User-Agent', userAgent)
        .expect(302);

    await get('198.51.100.1', 'AntennaPod/3.5.0');
    await get('198.51.100.1', 'AntennaPod/3.5.0');
    await get('198.51.100.1', 'PocketCasts/1.0');
    await get('198.51.100.2', 'AntennaPod/3.5.0');
    await get('2001:db8:1:2:aaaa::1', 'AntennaPod/3.5.0');
    await get('2001:db8:1:2:bbbb::9', 'AntennaPod/3.5.0');
    await get('2001:db8:1:3::1', 'AntennaPod/3.5.0');

    const perListener = await analytics.rows(
      'select count(*)::int as requests from analytics.download_requests where episode_id = ? group by listener_day order by 1',
      [episode.episodeId],
    );
    expect(perListener).toEqual([
      { requests: 1 },
      { requests: 1 },
      { requests: 1 },
      { requests: 2 },
      { requests: 2 },
    ]);
  });

  it('redirects HEAD requests without recording them', async () => {
    const episode = await analytics.publishedEpisode();

    const response = await request(server()).head(episode.path);

    expect(response.status).toBe(302);
    expect(response.headers['location']).toBe(episode.mediaUrl);
    expect(await requestsOf(episode.episodeId)).toEqual([]);
  });

  it('records each GET with its Range header, a prefetch and the player it came from, for the counting to judge', async () => {
    const episode = await analytics.publishedEpisode();

    await request(server()).get(episode.path).set('Range', 'bytes=0-1').expect(302);
    await request(server()).get(episode.path).set('Range', 'bytes=524288-').expect(302);
    await request(server()).get(`${episode.path}?src=embed`).set('Sec-Purpose', 'prefetch').expect(302);
    await request(server()).get(`${episode.path}?src=elsewhere`).expect(302);

    expect(
      (await requestsOf(episode.episodeId)).map((row) => [
        row['range_header'],
        row['prefetch'],
        row['source'],
      ]),
    ).toEqual([
      ['bytes=0-1', false, null],
      ['bytes=524288-', false, null],
      [null, true, 'embed'],
      [null, false, null],
    ]);
  });

  it('answers 404 EPISODE_NOT_FOUND for an unknown episode, another podcast, or ids that are not ids', async () => {
    const episode = await analytics.publishedEpisode();
    const notFound = { code: 'EPISODE_NOT_FOUND', message: 'Episode not found' };

    for (const path of [
      `/e/${episode.podcastId}/${randomUUID()}/episode.mp3`,
      `/e/${randomUUID()}/${episode.episodeId}/episode.mp3`,
      '/e/not-a-podcast/not-an-episode/episode.mp3',
    ]) {
      const response = await request(server()).get(path);
      expect({ path, status: response.status, body: response.body }).toEqual({
        path,
        status: 404,
        body: notFound,
      });
    }
    expect(await requestsOf(episode.episodeId)).toEqual([]);
  });

  it('follows an episode published again to its new media, forgets it without media, and when it is deleted', async () => {
    const episode = await analytics.publishedEpisode('public/media/owner-a/first/episode.mp3');
    await request(server()).get(episode.path).expect(302);

    await analytics.publish({ ...episode, media: mediaAt('public/media/owner-a/second/episode.mp3') });
    await request(server())
      .get(episode.path)
      .expect(302)
      .expect('Location', `${MEDIA_ORIGIN}/storage/public/media/owner-a/second/episode.mp3`);

    await analytics.publish({ ...episode, media: null });
    await request(server()).get(episode.path).expect(404);

    const other = await analytics.publishedEpisode();
    await request(server()).get(other.path).expect(302);
    await analytics.deliver(catalogEvents.episodeDeleted, {
      episodeId: other.episodeId,
      podcastId: other.podcastId,
      ownerId: other.ownerId,
      releasedMediaIds: [],
    });
    await request(server()).get(other.path).expect(404);
  });

  it("closes an unpublished episode's URL until it is published again, keeping its downloads and its title", async () => {
    const mediaKey = `public/media/owner-a/${randomUUID()}/episode.mp3`;
    const episode = await analytics.publishedEpisode(mediaKey);
    await request(server()).get(episode.path).set('User-Agent', 'AntennaPod/3.5.0').expect(302);

    await analytics.deliver(catalogEvents.episodeUnpublished, {
      episodeId: episode.episodeId,
      podcastId: episode.podcastId,
      ownerId: episode.ownerId,
    });
    await request(server()).get(episode.path).set('User-Agent', 'AntennaPod/3.5.0').expect(404);
    expect(await requestsOf(episode.episodeId)).toHaveLength(1);
    const [kept] = await analytics.rows(
      'select title, media_key, unpublished_at from analytics.enclosures where episode_id = ?',
      [episode.episodeId],
    );
    expect(kept?.['title']).toEqual(expect.any(String));
    expect(kept?.['unpublished_at']).not.toBeNull();

    const { episodeId, podcastId, ownerId } = episode;
    await analytics.publish({ episodeId, podcastId, ownerId, media: mediaAt(mediaKey) });
    await request(server()).get(episode.path).set('User-Agent', 'AntennaPod/3.5.0').expect(302);
    expect(await requestsOf(episode.episodeId)).toHaveLength(2);
  });

  it("forgets a deleted podcast: its episodes' URLs answer 404 and its downloads go", async () => {
    const episode = await analytics.publishedEpisode();
    await request(server()).get(episode.path).set('User-Agent', 'AntennaPod/3.5.0').expect(302);
    await analytics.countDownloads();
    expect(
      await analytics.rows('select 1 from analytics.downloads where podcast_id = ?', [episode.podcastId]),
    ).toHaveLength(1);

    await analytics.deliver(catalogEvents.podcastDeleted, {
      podcastId: episode.podcastId,
      releasedMediaIds: [],
    });

    await request(server()).get(episode.path).expect(404);
    for (const table of ['download_requests', 'downloads', 'enclosures'])
      expect(
        await analytics.rows(`select 1 from analytics.${table} where podcast_id = ?`, [episode.podcastId]),
      ).toEqual([]);
  });

  it('writes the rows of concurrent downloads together, in far fewer COPYs than requests', async () => {
    const episode = await analytics.publishedEpisode();
    const writer = analytics.app.get(DownloadWriter);
    const batchesBefore = writer.counts.batches;

    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        request(server()).get(episode.path).set('User-Agent', `Listener ${index}`),
      ),
    );

    expect(responses.map((response) => response.status)).toEqual(Array(200).fill(302));
    expect(await requestsOf(episode.episodeId)).toHaveLength(200);
    expect(writer.counts.batches - batchesBefore).toBeLessThan(100);
  });
});
