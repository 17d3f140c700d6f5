import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { catalogEvents, directoriesRequests, type Podcast } from '@castbase/contracts';
import { waitFor } from '@castbase/platform-testing';
import { startFeedsTestApp, type FeedsTestApp } from '../testing/feeds-test-app.js';

describe('feeds service: directory statuses go with the podcast', () => {
  let app: FeedsTestApp;

  beforeAll(async () => {
    app = await startFeedsTestApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  const statusRows = (podcastId: string) =>
    app.rows('select directory_id, status from feeds.directory_statuses where podcast_id = ?', [podcastId]);

  /** A rendered podcast with Spotify's approval and Apple's review recorded by its owner. */
  async function podcastWithStatuses(ownerId: string): Promise<Podcast> {
    const podcast = app.catalogPodcast(ownerId, 'ada');
    await app.podcastCreated(podcast);
    for (const [directoryId, status] of [
      ['spotify', 'approved'],
      ['apple-podcasts', 'under_review'],
    ] as const) {
      await app.bus.request(directoriesRequests.recordDirectoryStatus, {
        userId: ownerId,
        podcastId: podcast.id,
        directoryId,
        status,
      });
    }
    expect(await statusRows(podcast.id)).toHaveLength(2);
    return podcast;
  }

  it("deletes a deleted podcast's statuses and keeps another podcast's", async () => {
    const owner = app.newOwner();
    const deleted = await podcastWithStatuses(owner);
    const kept = await podcastWithStatuses(owner);
    app.catalog.delete(deleted.id);

    await app.publish(catalogEvents.podcastDeleted, {
      podcastId: deleted.id,
      releasedMediaIds: [],
    });

    await waitFor(
      'the statuses of the deleted podcast to go',
      async () => (await statusRows(deleted.id)).length === 0,
    );
    expect(await statusRows(kept.id)).toHaveLength(2);
  });

  it("deletes an erased user's statuses with their feeds", async () => {
    const owner = app.newOwner();
    const podcast = await podcastWithStatuses(owner);
    await waitFor('the feed to be stored', async () => {
      const stored = await app.rows('select 1 from feeds.feed_podcasts where podcast_id = ?', [podcast.id]);
      return stored.length === 1;
    });
    app.catalog.delete(podcast.id);

    await app.requestDeletion(owner);

    await waitFor(
      'the statuses of the erased user to go',
      async () => (await statusRows(podcast.id)).length === 0,
    );
  });
});
