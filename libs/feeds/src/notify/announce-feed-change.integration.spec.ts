import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { feedPath, type FeedVariant, type Podcast } from '@castbase/contracts';
import { createTestDatabase, waitFor, type TestDatabase } from '@castbase/platform-testing';
import { MAX_ANNOUNCEMENT_AGE_MS } from './announce-feed-change.handler.js';
import type { AnnouncementPolicy } from './announcement-policy.js';
import {
  ANNOUNCING_TEST_PUBLIC_URL,
  startAnnouncingFeedsApp,
  type AnnouncingFeedsApp,
} from './testing/announcing-feeds-app.js';
import {
  publishedFeedUrls,
  startNotificationReceiver,
  type NotificationReceiver,
  type ReceivedRequest,
} from './testing/notification-receiver.js';

const PODPING_TOKEN = 'Blahblah^^12345678 publisher-token';
const POLICY: AnnouncementPolicy = { timeoutMs: 1000, attempts: 3, firstRetryDelayMs: 100 };

describe('feeds service: telling WebSub hubs and Podping of feed changes', () => {
  let database: TestDatabase;
  let firstHub: NotificationReceiver;
  let secondHub: NotificationReceiver;
  let podping: NotificationReceiver;
  let app: AnnouncingFeedsApp;

  const start = () =>
    startAnnouncingFeedsApp({
      databaseUrl: database.url,
      config: {
        WEBSUB_HUBS: [firstHub.url, `${secondHub.url}hub`],
        PODPING_URL: `${podping.url}?existing=kept`,
        PODPING_TOKEN,
      },
      policy: POLICY,
    });

  beforeAll(async () => {
    database = await createTestDatabase('cbtest_feeds_announce');
    [firstHub, secondHub, podping] = await Promise.all([
      startNotificationReceiver(),
      startNotificationReceiver(),
      startNotificationReceiver(),
    ]);
    app = await start();
  });

  afterEach(() => {
    for (const receiver of [firstHub, secondHub, podping]) receiver.answerWith(() => 204);
  });

  afterAll(async () => {
    await app?.stop();
    await Promise.all([firstHub, secondHub, podping].map((receiver) => receiver?.close()));
    await database?.drop();
  });

  /** The requests `receiver` got about any of `feedUrls`. */
  const about = (receiver: NotificationReceiver, feedUrls: readonly string[]) =>
    receiver.requests.filter((request) =>
      receiver === podping
        ? feedUrls.includes(request.url.searchParams.get('url') ?? '')
        : publishedFeedUrls(request).some((url) => feedUrls.includes(url)),
    );

  /** Waits until `count` requests about `feedUrls` have reached `receiver`, and every delivery has ended. */
  async function received(receiver: NotificationReceiver, feedUrls: readonly string[], count: number) {
    await waitFor(
      `${count} request(s) about ${feedUrls[0]}`,
      () => about(receiver, feedUrls).length >= count,
    );
    await app.announcer.settled();
    return about(receiver, feedUrls);
  }

  const publicUrl = (podcast: Podcast, variant?: FeedVariant) =>
    `${ANNOUNCING_TEST_PUBLIC_URL}${feedPath(podcast, variant)}`;

  /** The `feeds.feed.regenerated` events of a podcast, oldest first, once `count` of them have been consumed. */
  async function regenerations(podcast: Podcast, count: number) {
    const events = await waitFor(`${count} consumed regeneration(s) of ${podcast.slug}`, async () => {
      const found = await app.rows(
        `select id, payload from feeds.outbox_messages
          where subject = 'feeds.feed.regenerated' and payload->>'podcastId' = ? order by occurred_at, id`,
        [podcast.id],
      );
      if (found.length < count) return false;
      for (const event of found) if (!(await app.processed(String(event['id'])))) return false;
      return found;
    });
    await app.announcer.settled();
    return events.map((event) => event['payload'] as { changed: boolean; changedUrls: string[] });
  }

  it('announces a feed the catalog changed, whose document names the hubs and Podping; not a rendering that changed nothing', async () => {
    const podcast = app.catalogPodcast();
    const variants = [
      publicUrl(podcast),
      publicUrl(podcast, { kind: 'recent' }),
      publicUrl(podcast, { kind: 'preview' }),
    ];

    await app.podcastCreated(podcast);

    const [publish, ...more] = await received(firstHub, variants, 1);
    expect(more).toEqual([]);
    expect(publishedFeedUrls(publish!).sort()).toEqual([...variants].sort());
    expect(
      (await received(podping, variants, 3)).map((ping) => ping.url.searchParams.get('url')).sort(),
    ).toEqual([...variants].sort());
    const xml = await app.mainFeedXml(podcast);
    const hubs = [...xml.matchAll(/<atom:link\b[^>]*\brel="hub"[^>]*>/g)].map(
      ([link]) => /\bhref="([^"]*)"/.exec(link)?.[1],
    );
    expect(hubs).toEqual([firstHub.url, `${secondHub.url}hub`]);
    expect(xml).toMatch(/<podcast:podping usesPodping="true"\s*\/>/);

    // Saving the podcast without changing anything renders the same bytes: nothing to announce.
    await app.podcastUpdated(podcast);
    const [, again] = await regenerations(podcast, 2);
    expect(again).toMatchObject({ changed: false, changedUrls: [] });
    for (const receiver of [firstHub, secondHub]) expect(about(receiver, variants)).toHaveLength(1);
    expect(about(podping, variants)).toHaveLength(variants.length);
  });

  it('never announces a private podcast, whose feed names no hub', async () => {
    const podcast = app.catalogPodcast({ visibility: 'private', privateAccessToken: 'abcdefghijklmnop' });

    await app.podcastCreated(podcast);

    const [first] = await regenerations(podcast, 1);
    expect(first).toMatchObject({ changed: true, private: true });
    const variants = [
      publicUrl(podcast),
      publicUrl(podcast, { kind: 'recent' }),
      publicUrl(podcast, { kind: 'preview' }),
    ];
    for (const receiver of [firstHub, secondHub, podping]) expect(about(receiver, variants)).toEqual([]);
    const xml = await app.mainFeedXml(podcast);
    expect(xml).toContain('<rss');
    expect(xml).not.toMatch(/rel="hub"/);
    expect(xml).not.toContain('podcast:podping');
  });

  it('publishes every changed feed URL to each hub in one form-encoded request', async () => {
    const event = app.regenerated();
    const { changedUrls } = event.payload;

    await app.publish(event);

    for (const hub of [firstHub, secondHub]) {
      const [request, ...more] = await received(hub, changedUrls, 1);
      expect(more).toEqual([]);
      expect(request?.method).toBe('POST');
      expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(request?.headers['user-agent']).toMatch(/^Castbase\b/);
      const form = new URLSearchParams(request?.body);
      expect(form.get('hub.mode')).toBe('publish');
      expect(form.getAll('hub.url')).toEqual(changedUrls);
    }
    expect(secondHub.requests.at(-1)?.url.pathname).toBe('/hub');
  });

  it('tells Podping of each changed feed with the token, reason=update and the medium', async () => {
    const music = app.regenerated({ medium: 'music' });
    const withoutMedium = app.regenerated({ medium: undefined });

    await app.publish(music);
    await app.publish(withoutMedium);

    const pings = await received(podping, music.payload.changedUrls, 3);
    expect(pings.map((ping) => ping.url.searchParams.get('url'))).toEqual(music.payload.changedUrls);
    for (const ping of pings) {
      expect(ping.method).toBe('GET');
      expect(ping.headers['authorization']).toBe(PODPING_TOKEN);
      expect(ping.headers['user-agent']).toMatch(/^Castbase\b/);
      expect(ping.url.searchParams.get('reason')).toBe('update');
      expect(ping.url.searchParams.get('medium')).toBe('music');
      expect(ping.url.searchParams.get('existing')).toBe('kept');
    }
    const defaulted = await received(podping, withoutMedium.payload.changedUrls, 3);
    expect(defaulted.map((ping) => ping.url.searchParams.get('medium'))).toEqual([
      'podcast',
      'podcast',
      'podcast',
    ]);
  });

  it("tells Podping the podcast's own medium, which the generation puts in its event", async () => {
    const podcast = app.catalogPodcast({ podcastMedium: 'audiobook' });
    const variants = [
      publicUrl(podcast),
      publicUrl(podcast, { kind: 'recent' }),
      publicUrl(podcast, { kind: 'preview' }),
    ];

    await app.podcastCreated(podcast);

    const [event] = await regenerations(podcast, 1);
    expect(event).toMatchObject({ medium: 'audiobook' });
    const pings = await received(podping, variants, 3);
    expect(pings.map((ping) => ping.url.searchParams.get('medium'))).toEqual([
      'audiobook',
      'audiobook',
      'audiobook',
    ]);
  });

  it('announces only the variants whose bytes changed', async () => {
    const event = app.regenerated();
    const [main] = event.payload.changedUrls;
    const onlyMain = { ...event, payload: { ...event.payload, changedUrls: [main!] } };

    await app.publish(onlyMain);

    const [request] = await received(firstHub, [main!], 1);
    expect(publishedFeedUrls(request!)).toEqual([main]);
    expect(about(podping, event.payload.changedUrls).map((ping) => ping.url.searchParams.get('url'))).toEqual(
      [main],
    );
  });

  it('announces nothing for a private podcast, a rendering that changed nothing or a change over a day old', async () => {
    const privatePodcast = app.regenerated({ private: true });
    const unchanged = app.regenerated({ changed: false });
    const nothingListed = app.regenerated({ changedUrls: [] });
    const dayOld = app.regenerated();
    dayOld.occurredAt = new Date(Date.now() - MAX_ANNOUNCEMENT_AGE_MS - 60_000).toISOString();
    const publicChange = app.regenerated();

    for (const event of [privatePodcast, unchanged, nothingListed, dayOld, publicChange])
      await app.publish(event);

    // The consumer takes events in order: once the last one is announced, the others have been handled.
    await received(firstHub, publicChange.payload.changedUrls, 1);
    await received(podping, publicChange.payload.changedUrls, 3);
    for (const event of [privatePodcast, unchanged, nothingListed, dayOld]) {
      expect(await app.processed(event.id)).toBe(true);
      for (const receiver of [firstHub, secondHub, podping]) {
        expect(about(receiver, event.payload.changedUrls)).toEqual([]);
      }
    }
  });

  it('retries a hub answering 500 with growing delays, gives up, and goes on with the next change', async () => {
    const failing = app.regenerated();
    const failingUrls = failing.payload.changedUrls;
    secondHub.answerWith((request) =>
      publishedFeedUrls(request).some((url) => failingUrls.includes(url)) ? 500 : 204,
    );

    await app.publish(failing);

    const attempts = await received(secondHub, failingUrls, POLICY.attempts);
    expect(attempts).toHaveLength(POLICY.attempts);
    const gaps = attempts.slice(1).map((attempt, index) => attempt.at - attempts[index]!.at);
    expect(gaps[0]).toBeGreaterThanOrEqual(POLICY.firstRetryDelayMs);
    expect(gaps[1]).toBeGreaterThanOrEqual(2 * POLICY.firstRetryDelayMs);
    // The other hub and Podping were told once each, whatever the failing hub did.
    expect(about(firstHub, failingUrls)).toHaveLength(1);
    expect(about(podping, failingUrls)).toHaveLength(failingUrls.length);

    const next = app.regenerated();
    await app.publish(next);
    await received(secondHub, next.payload.changedUrls, 1);
    expect(about(secondHub, failingUrls)).toHaveLength(POLICY.attempts);
  });

  it('abandons a request that gets no answer within the timeout, tries again, and does not retry a 4xx refusal', async () => {
    const event = app.regenerated();
    const urls = event.payload.changedUrls;
    let firstTry = true;
    firstHub.answerWith((request: ReceivedRequest) => {
      if (!publishedFeedUrls(request).some((url) => urls.includes(url))) return 204;
      const answer = firstTry ? 'hang' : 204;
      firstTry = false;
      return answer;
    });
    podping.answerWith((request) => (urls.includes(request.url.searchParams.get('url') ?? '') ? 401 : 204));

    await app.publish(event);

    const [hung, retried, ...more] = await received(firstHub, urls, 2);
    expect(more).toEqual([]);
    // Only the client's timeout closes a request the hub leaves hanging; the retry comes after it.
    expect(hung!.abandonedAt).toBeDefined();
    expect(retried!.at).toBeGreaterThan(hung!.abandonedAt!);
    expect(retried!.abandonedAt).toBeUndefined();
    // Podping refused the token: asked once per feed, not again.
    expect(about(podping, urls)).toHaveLength(urls.length);
  });

  it('does not announce again an event delivered again after a restart', async () => {
    const event = app.regenerated();
    await app.publish(event);
    await received(firstHub, event.payload.changedUrls, 1);

    // A new process on the same database: its bus has never seen the event id, only PostgreSQL has.
    await app.stop();
    app = await start();
    await app.publish(event);
    const after = app.regenerated();
    await app.publish(after);

    await received(firstHub, after.payload.changedUrls, 1);
    expect(await app.processed(event.id)).toBe(true);
    for (const receiver of [firstHub, secondHub])
      expect(about(receiver, event.payload.changedUrls)).toHaveLength(1);
    expect(about(podping, event.payload.changedUrls)).toHaveLength(event.payload.changedUrls.length);
  });
});
