import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { catalogEvents, catalogRequests, userDataErasedEvents } from '@castbase/contracts';
import { OutboxRelay } from '@castbase/platform-messaging';
import { waitFor } from '@castbase/platform-testing';
import { CatalogModule } from '../catalog.module.js';
import { startCatalogTestApp, type CatalogTestApp } from '../testing/catalog-test-app.js';

describe('catalog service: erasing a user when their account is deleted', () => {
  let app: CatalogTestApp;

  beforeAll(async () => {
    app = await startCatalogTestApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  /** Two podcasts, three episodes (one published), and the outbox rows those changes wrote naming the owner. */
  async function creatorWithShows(ownerId: string) {
    const first = await app.createPodcast(ownerId, { name: 'Morning Show' }, `${ownerId}@example.org`);
    const second = await app.createPodcast(ownerId, { name: 'Evening Show' });
    const mediaId = app.storedMediaFile(ownerId).id;
    const pilot = await app.createEpisode(ownerId, first.id, { title: 'Pilot', mediaId });
    await app.createEpisode(ownerId, first.id, { title: 'Second' });
    await app.createEpisode(ownerId, second.id, { title: 'Late' });
    await app.publishEpisode(ownerId, pilot.id);
    return { podcasts: [first, second] };
  }

  /** Everything the catalog holds that names the owner, row by row. */
  const holdingsOf = async (ownerId: string) => ({
    podcasts: await app.rows('select * from catalog.podcasts where owner_id = ? order by id', [ownerId]),
    episodes: await app.rows('select * from catalog.episodes where owner_id = ? order by id', [ownerId]),
    outbox: await app.rows(
      `select id, payload from catalog.outbox_messages where payload->>'ownerId' = ? order by id`,
      [ownerId],
    ),
  });
  const rowsMentioning = async (text: string) =>
    (
      await app.rows(
        `select count(*)::int as count from catalog.outbox_messages where strpos(payload::text, ?) > 0`,
        [text],
      )
    )[0]?.['count'];

  const podcastDeletedRows = async () =>
    (
      await app.rows(`select count(*)::int as count from catalog.outbox_messages where subject = ?`, [
        catalogEvents.podcastDeleted.subject,
      ])
    )[0]?.['count'];

  const reportOf = (deletionId: string) =>
    waitFor('the catalog erasure report', () =>
      app.erasureReports.find((envelope) => envelope.payload.deletionId === deletionId),
    );

  it("deletes the user's podcasts, episodes and outbox rows, announces each podcast gone, and reports the counts", async () => {
    const userA = app.newOwner();
    const userB = app.newOwner();
    const { podcasts } = await creatorWithShows(userA);
    await creatorWithShows(userB);
    const userBBefore = await holdingsOf(userB);
    const outboxMessages = (await holdingsOf(userA)).outbox.length;

    const deletionId = await app.requestDeletion(userA);
    const report = await reportOf(deletionId);

    expect(report.subject).toBe(userDataErasedEvents.catalog.subject);
    expect(report.payload).toEqual({
      deletionId,
      service: 'catalog',
      removed: { podcasts: 2, episodes: 3, contributorRoles: 0, outboxMessages },
      erasedAt: expect.any(String),
    });
    expect(await holdingsOf(userA)).toEqual({ podcasts: [], episodes: [], outbox: [] });
    expect(await rowsMentioning(userA)).toBe(0);
    expect(await holdingsOf(userB)).toEqual(userBBefore);
    for (const podcast of podcasts) {
      await expect(
        app.bus.request(catalogRequests.getFeedSource, { podcastId: podcast.id }),
      ).rejects.toMatchObject({ code: 'PODCAST_NOT_FOUND' });
    }
    const deleted = await waitFor('catalog.podcast.deleted for both podcasts', () => {
      const ids = app.podcastDeletedEvents
        .map((envelope) => envelope.payload.podcastId)
        .filter((id) => podcasts.some((podcast) => podcast.id === id));
      return ids.length === 2 ? ids : undefined;
    });
    expect(deleted.sort()).toEqual(podcasts.map((podcast) => podcast.id).sort());
  });

  it('reports zeros and removes nothing more when the deletion is requested again', async () => {
    const userA = app.newOwner();
    await creatorWithShows(userA);
    await reportOf(await app.requestDeletion(userA));
    const announcementsBefore = await podcastDeletedRows();

    const retry = await reportOf(await app.requestDeletion(userA));

    expect(retry.payload.removed).toEqual({
      podcasts: 0,
      episodes: 0,
      contributorRoles: 0,
      outboxMessages: 0,
    });
    expect(await podcastDeletedRows()).toBe(announcementsBefore);
  });

  it('leaves a user whose id merely starts with the erased id untouched', async () => {
    const userA = app.newOwner();
    const lookalike = `${userA}-2`;
    await creatorWithShows(userA);
    await creatorWithShows(lookalike);
    const lookalikeBefore = await holdingsOf(lookalike);
    const outboxMessages = (await holdingsOf(userA)).outbox.length;

    const report = await reportOf(await app.requestDeletion(userA));

    expect(report.payload.removed).toEqual({ podcasts: 2, episodes: 3, contributorRoles: 0, outboxMessages });
    expect(await holdingsOf(lookalike)).toEqual(lookalikeBefore);
    expect(lookalikeBefore.outbox).toHaveLength(outboxMessages);
  });

  it('also deletes events naming the user that were not published yet, so they never go out', async () => {
    const relay = app.catalog.select(CatalogModule).get(OutboxRelay);
    relay.hold();
    await relay.settled();
    try {
      const userA = app.newOwner();
      const podcast = await app.createPodcast(userA, { name: 'Never Announced' });
      expect(
        await app.outboxRows(catalogEvents.podcastCreated.subject, 'podcastId', podcast.id),
      ).toMatchObject([{ published_at: null }]);

      const deletionId = await app.requestDeletion(userA);
      const reportRow = await waitFor('the report in the outbox', async () => {
        const [row] = await app.rows(
          `select payload from catalog.outbox_messages where subject = ? and payload->>'deletionId' = ?`,
          [userDataErasedEvents.catalog.subject, deletionId],
        );
        return row;
      });

      expect(reportRow['payload']).toMatchObject({
        removed: { podcasts: 1, episodes: 0, contributorRoles: 0, outboxMessages: 1 },
      });
      expect(await app.outboxRows(catalogEvents.podcastCreated.subject, 'podcastId', podcast.id)).toEqual([]);
      expect(await rowsMentioning(userA)).toBe(0);
    } finally {
      relay.release();
    }
  });
});
