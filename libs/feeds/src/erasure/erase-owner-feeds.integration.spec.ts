import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { catalogEvents, type Podcast } from '@castbase/contracts';
import { waitFor } from '@castbase/platform-testing';
import { startFeedsTestApp, type FeedsTestApp } from '../testing/feeds-test-app.js';

describe('feeds service: erasing a user when their account is deleted', () => {
  let app: FeedsTestApp;

  beforeAll(async () => {
    app = await startFeedsTestApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  const feedRows = (ownerId: string) =>
    app.rows(
      `select p.podcast_id, v.etag from feeds.feed_podcasts p
       join feeds.feed_variants v on v.podcast_id = p.podcast_id and v.variant_key = 'main'
       where p.owner_id = ? order by p.podcast_id`,
      [ownerId],
    );
  const storedFiles = (podcastId: string) => app.storedFiles(podcastId);
  const outboxRowsMentioning = (value: string) =>
    app.rows(
      `select id, subject, payload from feeds.outbox_messages where strpos(payload::text, ?) > 0 order by id`,
      [value],
    );
  const processed = async (eventId: string) =>
    (await app.rows('select 1 from feeds.processed_events where event_id = ?', [eventId])).length > 0;

  /** Podcasts the catalog announced, each rendered and stored by the time this returns. */
  async function renderedPodcasts(ownerId: string, username: string, count: number): Promise<Podcast[]> {
    const podcasts = Array.from({ length: count }, () => app.catalogPodcast(ownerId, username));
    for (const podcast of podcasts) await app.podcastCreated(podcast);
    await waitFor(`${count} feeds of ${ownerId}`, async () => (await feedRows(ownerId)).length === count);
    return podcasts;
  }

  /** What the catalog does on its side of the deletion: its podcasts are gone. */
  const catalogErases = (podcasts: Podcast[]) =>
    podcasts.forEach((podcast) => app.catalog.delete(podcast.id));

  const reportOf = (deletionId: string) =>
    waitFor('the feeds erasure report', () =>
      app.erasureReports.find((envelope) => envelope.payload.deletionId === deletionId),
    );

  it("deletes the user's feeds and outbox rows, stops serving them, leaves another user's, and reports the counts", async () => {
    const userA = app.newOwner();
    const userB = app.newOwner();
    const podcastsOfA = await renderedPodcasts(userA, 'ada', 2);
    const [podcastOfB] = await renderedPodcasts(userB, 'grace', 1);
    expect((await app.fetchFeed(podcastsOfA[0] as Podcast)).status).toBe(200);
    expect(await storedFiles(podcastsOfA[0]?.id ?? '')).toHaveLength(9);
    const userBBefore = { feeds: await feedRows(userB), outbox: await outboxRowsMentioning(userB) };
    catalogErases(podcastsOfA);

    const deletionId = await app.requestDeletion(userA);
    const report = await reportOf(deletionId);

    expect(report.payload).toEqual({
      deletionId,
      service: 'feeds',
      removed: { feeds: 2, files: 18, outboxMessages: 2 },
      erasedAt: expect.any(String),
    });
    expect(await feedRows(userA)).toEqual([]);
    for (const podcast of podcastsOfA) expect(await storedFiles(podcast.id)).toEqual([]);
    expect(await outboxRowsMentioning(userA)).toEqual([]);
    for (const podcast of podcastsOfA) expect((await app.fetchFeed(podcast)).status).toBe(404);
    expect({ feeds: await feedRows(userB), outbox: await outboxRowsMentioning(userB) }).toEqual(userBBefore);
    expect(userBBefore.feeds).toHaveLength(1);
    expect((await app.fetchFeed(podcastOfB as Podcast)).status).toBe(200);
  });

  it('reports zeros when the deletion is requested again', async () => {
    const userA = app.newOwner();
    catalogErases(await renderedPodcasts(userA, 'ada', 1));
    await reportOf(await app.requestDeletion(userA));

    const retry = await reportOf(await app.requestDeletion(userA));

    expect(retry.payload.removed).toEqual({ feeds: 0, files: 0, outboxMessages: 0 });
  });

  it('stores no feed for a catalog event that arrives after the erasure, and goes on with the next events', async () => {
    const userA = app.newOwner();
    const podcasts = await renderedPodcasts(userA, 'ada', 1);
    catalogErases(podcasts);
    await reportOf(await app.requestDeletion(userA));

    const lateCreated = await app.podcastCreated(podcasts[0] as Podcast);
    const latePublished = await app.publish(catalogEvents.episodePublished, {
      episodeId: '7e0c2b44-1d5a-4f3e-8b6c-00000000abcd',
      podcastId: podcasts[0]?.id ?? '',
      ownerId: userA,
      publishedAt: new Date().toISOString(),
      media: null,
    });
    await waitFor(
      'both late events to be processed',
      async () => (await processed(lateCreated)) && (await processed(latePublished)),
    );

    await waitFor(
      'nothing kept about the user once the late generation finds the podcast gone',
      async () =>
        (await app.rows('select 1 from feeds.feed_podcasts where owner_id = ?', [userA])).length === 0,
    );
    expect(await feedRows(userA)).toEqual([]);
    await renderedPodcasts(app.newOwner(), 'grace', 1);
  });

  it('removes a feed rendered from a catalog that had not erased yet once the catalog announces the podcast deleted', async () => {
    const userA = app.newOwner();
    const [podcast] = (await renderedPodcasts(userA, 'ada', 1)) as [Podcast];
    await reportOf(await app.requestDeletion(userA));
    // The catalog erases after feeds did: an event handled in between renders the feed again.
    await app.podcastCreated(podcast);
    await waitFor('the feed rendered again', async () => (await feedRows(userA)).length === 1);
    expect(await outboxRowsMentioning(podcast.id)).not.toEqual([]);

    catalogErases([podcast]);
    await app.publish(catalogEvents.podcastDeleted, { podcastId: podcast.id, releasedMediaIds: [] });

    await waitFor('the feed to go', async () => (await feedRows(userA)).length === 0);
    expect(await storedFiles(podcast.id)).toEqual([]);
    expect(await outboxRowsMentioning(podcast.id)).toEqual([]);
    expect(await outboxRowsMentioning(userA)).toEqual([]);
    expect((await app.fetchFeed(podcast)).status).toBe(404);
  });
});
