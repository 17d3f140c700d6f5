import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Parser from 'rss-parser';
import {
  catalogEvents,
  errorCatalogue,
  type Episode,
  type FeedVariant,
  type Podcast,
} from '@castbase/contracts';
import { waitFor } from '@castbase/platform-testing';
import { FEEDS_TEST_PUBLIC_URL, startFeedsTestApp, type FeedsTestApp } from '../testing/feeds-test-app.js';

const parser = new Parser();
const guidsOf = async (xml: string) => (await parser.parseString(xml)).items.map((item) => item.guid);
const bodyOf = (response: { body: Buffer }) => response.body.toString('utf8');
const RECENT: FeedVariant = { kind: 'recent' };
const PREVIEW: FeedVariant = { kind: 'preview' };
const FULL: FeedVariant = { kind: 'full' };
const archive = (page: number): FeedVariant => ({ kind: 'archive', page });

describe('feeds service: every variant generated, stored under rss/ and served', () => {
  let app: FeedsTestApp;

  beforeAll(async () => {
    app = await startFeedsTestApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  const variantRows = async (podcastId: string) =>
    (
      await app.rows(
        'select variant_key, etag, item_count, generated_at from feeds.feed_variants where podcast_id = ? order by variant_key',
        [podcastId],
      )
    ).map((row): Record<string, unknown> => ({
      ...row,
      generated_at: new Date(String(row['generated_at'])).toISOString(),
    }));
  const storedFiles = (podcastId: string) => app.storedFiles(podcastId);
  const regenerations = (podcastId: string) =>
    app.rows(
      "select payload from feeds.outbox_messages where subject = 'feeds.feed.regenerated' and payload->>'podcastId' = ? order by id",
      [podcastId],
    );

  /** Waits until no heard change is left ungenerated. */
  const settled = (podcastId: string) =>
    waitFor(`the feeds of ${podcastId} generated`, async () => {
      const [row] = await app.rows(
        'select changes_heard, changes_generated, generated_at from feeds.feed_podcasts where podcast_id = ?',
        [podcastId],
      );
      return (
        row !== undefined && row['generated_at'] !== null && row['changes_heard'] === row['changes_generated']
      );
    });

  /** A podcast with `count` published episodes (newest first in the returned list), its feeds generated. */
  async function podcastWith(count: number, overrides: Partial<Podcast> = {}) {
    const podcast = app.catalogPodcast(
      app.newOwner(),
      `user-${Math.random().toString(36).slice(2, 8)}`,
      overrides,
    );
    const episodes = app.publishedEpisodes(podcast, count);
    app.update(podcast.id, { episodes });
    await app.podcastCreated(podcast);
    await settled(podcast.id);
    return { podcast, episodes };
  }

  async function changeEpisodes(podcast: Podcast, episodes: Episode[]) {
    app.update(podcast.id, { episodes });
    const eventId = await app.publish(catalogEvents.episodeUpdated, {
      episodeId: episodes[0]?.id ?? podcast.id,
      podcastId: podcast.id,
      ownerId: podcast.ownerId,
      status: 'published',
    });
    await waitFor('the episode change heard', () => app.processed(eventId));
    await settled(podcast.id);
  }

  async function changePodcast(podcast: Podcast, change: Partial<Podcast>): Promise<Podcast> {
    const changed = { ...podcast, ...change };
    app.update(podcast.id, { podcast: changed });
    const eventId = await app.podcastUpdated(podcast.id);
    await waitFor('the podcast change handled', () => app.processed(eventId));
    await settled(podcast.id);
    return changed;
  }

  it('stores main, recent and preview (XML, gzip, brotli) and serves each with its newest episodes', async () => {
    const { podcast, episodes } = await podcastWith(60);
    const guids = episodes.map((episode) => episode.guid);

    expect(await storedFiles(podcast.id)).toEqual(
      ['main', 'preview', 'recent'].flatMap((key) => [`${key}.xml`, `${key}.xml.br`, `${key}.xml.gz`]),
    );
    expect((await variantRows(podcast.id)).map((row) => [row['variant_key'], row['item_count']])).toEqual([
      ['main', 60],
      ['preview', 10],
      ['recent', 50],
    ]);
    const main = await app.fetchFeed(podcast);
    expect(main.status).toBe(200);
    expect(main.headers).toMatchObject({
      'Content-Type': 'application/rss+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
      Vary: 'Accept-Encoding',
      ETag: expect.stringMatching(/^"[A-Za-z0-9_-]{43}"$/),
      'Last-Modified': expect.stringMatching(/ GMT$/),
    });
    expect(main).toMatchObject({ podcastId: podcast.id, variant: 'main' });
    expect(await guidsOf(bodyOf(main))).toEqual(guids);
    expect(await guidsOf(bodyOf(await app.fetchFeed(podcast, { variant: RECENT })))).toEqual(
      guids.slice(0, 50),
    );
    expect(await guidsOf(bodyOf(await app.fetchFeed(podcast, { variant: PREVIEW })))).toEqual(
      guids.slice(0, 10),
    );
    expect((await app.fetchFeed(podcast, { variant: FULL })).status).toBe(404);
    expect((await app.fetchFeed(podcast, { variant: archive(1) })).status).toBe(404);
  });

  it('adds archive pages of 100 and the full feed above 300 episodes, and removes them when episodes go', async () => {
    const { podcast, episodes } = await podcastWith(420);
    const guids = episodes.map((episode) => episode.guid);
    const fetchGuids = async (variant: FeedVariant) =>
      guidsOf(bodyOf(await app.fetchFeed(podcast, { variant })));

    expect((await variantRows(podcast.id)).map((row) => [row['variant_key'], row['item_count']])).toEqual([
      ['archive-1', 100],
      ['archive-2', 20],
      ['full', 420],
      ['main', 300],
      ['preview', 10],
      ['recent', 50],
    ]);
    const main = await fetchGuids({ kind: 'main' });
    const page1 = await fetchGuids(archive(1));
    const page2 = await fetchGuids(archive(2));
    expect([...main, ...page1, ...page2]).toEqual(guids);
    expect(await fetchGuids(FULL)).toEqual(guids);
    expect(bodyOf(await app.fetchFeed(podcast, { variant: archive(1) }))).toContain(
      `<atom:link href="${FEEDS_TEST_PUBLIC_URL}/feeds/${podcast.ownerUsername}/${podcast.slug}-archive-2.xml" rel="next"`,
    );

    await changeEpisodes(podcast, episodes.slice(0, 350));
    expect((await app.fetchFeed(podcast, { variant: archive(2) })).status).toBe(404);
    expect(await fetchGuids(archive(1))).toEqual(guids.slice(300, 350));
    expect(await storedFiles(podcast.id)).not.toContain('archive-2.xml');

    await changeEpisodes(podcast, episodes.slice(0, 250));
    expect((await variantRows(podcast.id)).map((row) => row['variant_key'])).toEqual([
      'main',
      'preview',
      'recent',
    ]);
    await waitFor(
      'the archive and full files deleted',
      async () => (await storedFiles(podcast.id)).length === 9,
    );
    expect((await app.fetchFeed(podcast, { variant: archive(1) })).status).toBe(404);
    expect((await app.fetchFeed(podcast, { variant: FULL })).status).toBe(404);
  });

  it('serves gzip and brotli from the stored copies with a tag per coding, and answers 304 to either validator', async () => {
    const { podcast } = await podcastWith(30);
    const identity = await app.fetchFeed(podcast);
    const etag = identity.headers['ETag'] ?? '';
    const gzip = await app.fetchFeed(podcast, { request: { acceptEncoding: 'gzip, deflate' } });
    const brotli = await app.fetchFeed(podcast, { request: { acceptEncoding: 'gzip;q=0.5, br' } });

    expect(gzip.headers).toMatchObject({ 'Content-Encoding': 'gzip', ETag: `${etag.slice(0, -1)}-gzip"` });
    expect(brotli.headers).toMatchObject({ 'Content-Encoding': 'br', ETag: `${etag.slice(0, -1)}-br"` });
    expect(gunzipSync(gzip.body).equals(identity.body)).toBe(true);
    expect(brotliDecompressSync(brotli.body).equals(identity.body)).toBe(true);
    expect(Number(gzip.headers['Content-Length'])).toBe(gzip.body.length);

    const head = await app.fetchFeed(podcast, { request: { method: 'HEAD', acceptEncoding: 'br' } });
    expect(head).toMatchObject({ status: 200, body: Buffer.alloc(0) });
    expect(head.headers['Content-Length']).toBe(String(brotli.body.length));

    const byTag = await app.fetchFeed(podcast, {
      request: { ifNoneMatch: gzip.headers['ETag'], acceptEncoding: 'br' },
    });
    expect(byTag).toMatchObject({ status: 304, body: Buffer.alloc(0) });
    expect(byTag.headers['ETag']).toBe(brotli.headers['ETag']);
    const byDate = await app.fetchFeed(podcast, {
      request: { ifModifiedSince: identity.headers['Last-Modified'] },
    });
    expect(byDate.status).toBe(304);
    const otherTag = await app.fetchFeed(podcast, { request: { ifNoneMatch: '"something-else"' } });
    expect(otherTag.status).toBe(200);
  });

  it('leaves unchanged variants alone and names only the changed ones in feeds.feed.regenerated', async () => {
    const { podcast, episodes } = await podcastWith(60);
    const before = await variantRows(podcast.id);

    await app.generateFeed(podcast.ownerId, podcast.id);
    expect(await variantRows(podcast.id)).toEqual(before);
    expect((await regenerations(podcast.id)).at(-1)?.['payload']).toMatchObject({
      changed: false,
      changedUrls: [],
    });

    const oldest = episodes.at(-1) as Episode;
    await changeEpisodes(podcast, [...episodes.slice(0, -1), { ...oldest, title: 'Renamed oldest episode' }]);
    const after = await variantRows(podcast.id);
    const changedKeys = after
      .filter((row, index) => row['etag'] !== before[index]?.['etag'])
      .map((row) => row['variant_key']);
    expect(changedKeys).toEqual(['main']);
    expect((await regenerations(podcast.id)).at(-1)?.['payload']).toMatchObject({
      changed: true,
      private: false,
      changedUrls: [`${FEEDS_TEST_PUBLIC_URL}/feeds/${podcast.ownerUsername}/${podcast.slug}.xml`],
    });
    expect(bodyOf(await app.fetchFeed(podcast))).toContain('Renamed oldest episode');
  });

  it("refuses a private podcast's feeds without its current token, and a rotated-away token at once", async () => {
    const { podcast } = await podcastWith(3, {
      visibility: 'private',
      privateAccessToken: 'first-token-0123456789',
    });

    const without = await app.fetchFeed(podcast);
    expect(without.status).toBe(401);
    expect(without.headers['Cache-Control']).toBe('no-store');
    expect(JSON.parse(bodyOf(without))).toEqual({
      code: 'FEED_TOKEN_REQUIRED',
      message: errorCatalogue.FEED_TOKEN_REQUIRED.message,
    });
    const wrong = await app.fetchFeed(podcast, { token: 'guessed-token-01234567' });
    expect(JSON.parse(bodyOf(wrong))).toMatchObject({ code: 'FEED_TOKEN_INVALID' });

    const main = await app.fetchFeed(podcast, { token: 'first-token-0123456789' });
    expect(main.status).toBe(200);
    expect(main.headers['Cache-Control']).toBe('private, max-age=300');
    const xml = bodyOf(main);
    const enclosures = [...xml.matchAll(/<enclosure url="([^"]+)"/g)].map((match) => match[1]);
    expect(enclosures).toHaveLength(3);
    for (const url of enclosures) expect(url).toMatch(/\/e\/.+\?token=first-token-0123456789$/);
    expect(xml).toContain(`${podcast.slug}.xml?token=first-token-0123456789`);
    expect((await app.fetchFeed(podcast, { variant: RECENT })).status).toBe(401);
    expect((await regenerations(podcast.id)).at(-1)?.['payload']).toMatchObject({ private: true });

    app.update(podcast.id, { podcast: { ...podcast, privateAccessToken: 'second-token-012345678' } });
    const held = app.holdFeedSource();
    const eventId = await app.podcastUpdated(podcast.id);
    held();
    await waitFor('the rotation handled', () => app.processed(eventId));
    // Refused as soon as the event is handled, before or after the feeds are generated again.
    expect((await app.fetchFeed(podcast, { token: 'first-token-0123456789' })).status).toBe(401);
    await settled(podcast.id);
    expect(
      JSON.parse(bodyOf(await app.fetchFeed(podcast, { token: 'first-token-0123456789' }))),
    ).toMatchObject({
      code: 'FEED_TOKEN_INVALID',
    });
    const rotated = await app.fetchFeed(podcast, { token: 'second-token-012345678' });
    expect(rotated.status).toBe(200);
    expect(bodyOf(rotated)).toContain('?token=second-token-012345678');
    expect(bodyOf(rotated)).not.toContain('first-token');
  });

  it('answers 301 from the old address after a slug change, for every variant, keeping the token, and points the feeds there', async () => {
    const { podcast } = await podcastWith(320, {
      visibility: 'private',
      privateAccessToken: 'moving-token-0123456789',
    });
    const token = 'moving-token-0123456789';
    const moved = await changePodcast(podcast, { slug: 'the-new-slug' });
    const newBase = `${FEEDS_TEST_PUBLIC_URL}/feeds/${podcast.ownerUsername}/the-new-slug`;

    for (const [variant, suffix] of [
      [{ kind: 'main' }, ''],
      [RECENT, '-recent'],
      [PREVIEW, '-preview'],
      [archive(1), '-archive-1'],
      [FULL, '-full'],
    ] as Array<[FeedVariant, string]>) {
      const old = await app.fetchFeed(podcast, { variant, token });
      expect([variant, old.status, old.headers['Location']]).toEqual([
        variant,
        301,
        `${newBase}${suffix}.xml?token=${token}`,
      ]);
      expect((await app.fetchFeed(moved, { variant, token })).status).toBe(200);
    }
    expect((await app.fetchFeed(podcast)).status).toBe(401);
    expect(bodyOf(await app.fetchFeed(moved, { token }))).toContain(
      `<itunes:new-feed-url>${newBase}.xml?token=${token}</itunes:new-feed-url>`,
    );

    const status = await app.feedStatus(podcast.ownerId, podcast.id);
    expect(status.url).toBe(`${newBase}.xml?token=${token}`);
  });

  it('answers 301 after an owner username change, and lets a later podcast take the old address', async () => {
    const { podcast } = await podcastWith(2);
    const moved = await changePodcast(podcast, { ownerUsername: 'renamed-owner' });
    const old = await app.fetchFeed(podcast, { variant: RECENT });
    expect(old.status).toBe(301);
    expect(old.headers['Location']).toBe(
      `${FEEDS_TEST_PUBLIC_URL}/feeds/renamed-owner/${podcast.slug}-recent.xml`,
    );
    expect(bodyOf(await app.fetchFeed(moved))).toContain(
      `<itunes:new-feed-url>${FEEDS_TEST_PUBLIC_URL}/feeds/renamed-owner/${podcast.slug}.xml</itunes:new-feed-url>`,
    );

    const taker = app.catalogPodcast(app.newOwner(), podcast.ownerUsername, { slug: podcast.slug });
    await app.podcastCreated(taker);
    await settled(taker.id);
    const taken = await app.fetchFeed(podcast);
    expect(taken).toMatchObject({ status: 200, podcastId: taker.id });
  });

  it('redirects from every address the catalog says the podcast had, also after two moves handled together', async () => {
    const { podcast } = await podcastWith(2);
    const username = podcast.ownerUsername;
    app.update(podcast.id, { podcast: { ...podcast, slug: 'third-name' } });
    const held = app.holdFeedSource();
    const first = await app.podcastUpdated(podcast.id, { ownerUsername: username, slug: podcast.slug });
    const second = await app.podcastUpdated(podcast.id, { ownerUsername: username, slug: 'second-name' });
    held();
    await waitFor(
      'both moves handled',
      async () => (await app.processed(first)) && (await app.processed(second)),
    );
    await settled(podcast.id);

    for (const slug of [podcast.slug, 'second-name']) {
      const old = await app.fetchFeed({ ...podcast, slug });
      expect([slug, old.status, old.headers['Location']]).toEqual([
        slug,
        301,
        `${FEEDS_TEST_PUBLIC_URL}/feeds/${username}/third-name.xml`,
      ]);
    }
  });

  it('keeps the RSS status on the server: needsUpdate from the change heard until its generation commits', async () => {
    const { podcast, episodes } = await podcastWith(305);
    const status = await app.feedStatus(podcast.ownerId, podcast.id);
    const base = `${FEEDS_TEST_PUBLIC_URL}/feeds/${podcast.ownerUsername}/${podcast.slug}`;
    expect(status).toEqual({
      podcastId: podcast.id,
      url: `${base}.xml`,
      urls: {
        main: `${base}.xml`,
        recent: `${base}-recent.xml`,
        preview: `${base}-preview.xml`,
        archives: [`${base}-archive-1.xml`],
        full: `${base}-full.xml`,
      },
      episodeCount: 300,
      feedEpisodeCount: 305,
      generatedAt: expect.any(String),
      metadataUpdatedAt: expect.any(String),
      needsUpdate: false,
      sizeBytes: expect.any(Number),
      sizeProblem: null,
      validation: expect.objectContaining({ score: expect.any(Number) }),
      private: false,
    });
    const [mainRow] = await app.rows(
      "select byte_size from feeds.feed_variants where podcast_id = ? and variant_key = 'main'",
      [podcast.id],
    );
    expect(status.sizeBytes).toBe(mainRow?.['byte_size']);

    const release = app.holdFeedSource();
    app.update(podcast.id, { episodes: episodes.slice(1) });
    const eventId = await app.publish(catalogEvents.episodeUnpublished, {
      episodeId: episodes[0]?.id ?? '',
      podcastId: podcast.id,
      ownerId: podcast.ownerId,
    });
    await waitFor('the change heard', () => app.processed(eventId));
    const pending = await app.feedStatus(podcast.ownerId, podcast.id);
    expect(pending.needsUpdate).toBe(true);
    expect(Date.parse(pending.metadataUpdatedAt)).toBeGreaterThan(Date.parse(status.generatedAt));
    release();
    await settled(podcast.id);
    const after = await app.feedStatus(podcast.ownerId, podcast.id);
    expect(after).toMatchObject({ needsUpdate: false, feedEpisodeCount: 304 });
    expect(Date.parse(after.generatedAt)).toBeGreaterThan(Date.parse(pending.generatedAt));
  });

  it('answers the status to every role, generation to owner and editor, the token to the owner only, nothing to others', async () => {
    const { podcast } = await podcastWith(1, {
      visibility: 'private',
      privateAccessToken: 'role-token-0123456789',
    });
    const entry = app.catalog.get(podcast.id);
    app.update(podcast.id, {
      contributors: new Map([
        ['an-editor', 'editor'],
        ['a-viewer', 'viewer'],
      ]),
    });
    expect(entry).toBeDefined();

    expect((await app.feedStatus(podcast.ownerId, podcast.id)).url).toContain('?token=role-token-0123456789');
    const viewer = await app.feedStatus('a-viewer', podcast.id);
    expect(viewer).toMatchObject({ private: true, url: expect.not.stringContaining('token') });
    expect(viewer.urls.recent).not.toContain('token');
    expect((await app.generateFeed('an-editor', podcast.id)).url).not.toContain('token');
    await expect(app.generateFeed('a-viewer', podcast.id)).rejects.toMatchObject({
      code: 'PODCAST_ROLE_FORBIDDEN',
    });
    await expect(app.feedStatus('a-stranger', podcast.id)).rejects.toMatchObject({ code: 'FEED_NOT_FOUND' });
    await expect(app.generateFeed('a-stranger', podcast.id)).rejects.toMatchObject({
      code: 'FEED_NOT_FOUND',
    });
  });

  it('merges the generations asked for while one runs into one more run', async () => {
    const { podcast, episodes } = await podcastWith(5);
    const requestsBefore = app.feedSourceRequests();
    const runsBefore = (await regenerations(podcast.id)).length;
    const release = app.holdFeedSource();
    const update = (episode: (typeof episodes)[number]) =>
      app.publish(catalogEvents.episodeUpdated, {
        episodeId: episode.id,
        podcastId: podcast.id,
        ownerId: podcast.ownerId,
        status: 'published',
      });
    // The first change starts a generation, held at its catalog read; the other four come while it runs. (Sent all
    // at once, the four could all be heard before the first run began, and one run would rightly cover them all.)
    const first = await update(episodes[0]!);
    await waitFor(
      'the first generation waiting for the catalog',
      () => app.feedSourceRequests() === requestsBefore + 1,
    );
    const events = [first];
    for (const episode of episodes.slice(1)) events.push(await update(episode));
    await waitFor('every change heard', async () =>
      (await Promise.all(events.map(app.processed))).every(Boolean),
    );
    release();
    // The merged run starts after a coalescing window as long as the first run took (it waited for the catalog).
    await waitFor(
      'the merged run to commit',
      async () => (await regenerations(podcast.id)).length >= runsBefore + 2,
      // A window of up to 5 s, then a whole generation: on a loaded CI machine that took longer than 15 s.
      { timeoutMs: 60_000 },
    );
    await settled(podcast.id);

    expect(app.feedSourceRequests()).toBe(requestsBefore + 2);
    expect((await regenerations(podcast.id)).length).toBe(runsBefore + 2);
  }, 120_000);

  it('warns about a main feed above 5 MB and reports an error above 10 MB', async () => {
    const longNotes = `<p>${'Long show notes. '.repeat(6_000)}</p>`;
    const podcast = app.catalogPodcast(app.newOwner(), 'verbose');
    const episodes = app
      .publishedEpisodes(podcast, 60)
      .map((episode) => ({ ...episode, description: longNotes }));
    app.update(podcast.id, { episodes: episodes.slice(0, 30) });
    await app.podcastCreated(podcast);
    await settled(podcast.id);
    const warning = await app.feedStatus(podcast.ownerId, podcast.id);
    expect(warning.sizeBytes).toBeGreaterThan(5 * 1024 * 1024);
    expect(warning.sizeBytes).toBeLessThan(10 * 1024 * 1024);
    expect(warning.sizeProblem).toBe('warning');

    await changeEpisodes(podcast, episodes);
    expect(await app.feedStatus(podcast.ownerId, podcast.id)).toMatchObject({ sizeProblem: 'error' });
  });
});
