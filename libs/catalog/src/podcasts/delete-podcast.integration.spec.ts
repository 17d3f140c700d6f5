import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { catalogRequests } from '@castbase/contracts';
import { waitFor } from '@castbase/platform-testing';
import { startCatalogTestApp, type CatalogTestApp } from '../testing/catalog-test-app.js';

describe('catalog service: deleting a podcast (owner only)', () => {
  let app: CatalogTestApp;

  beforeAll(async () => {
    app = await startCatalogTestApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  const deletePodcast = (userId: string, podcastId: string) =>
    app.bus.request(catalogRequests.deletePodcast, { userId, podcastId });
  const countOf = async (table: string, podcastId: string) =>
    (
      await app.rows(`select count(*)::int as count from catalog.${table} where podcast_id = ?`, [podcastId])
    )[0]?.['count'];

  it('deletes the podcast with its episodes, their versions and its contributors, and answers how many episodes went', async () => {
    const ownerId = app.newOwner();
    const podcast = await app.createPodcast(ownerId, { name: 'Short Run' });
    const first = await app.createEpisode(ownerId, podcast.id, { title: 'One' });
    await app.createEpisode(ownerId, podcast.id, { title: 'Two' });
    const editor = await app.addContributor(ownerId, podcast.id, 'editor');

    await expect(deletePodcast(ownerId, podcast.id)).resolves.toEqual({ podcastId: podcast.id, episodes: 2 });

    expect(await app.rows('select id from catalog.podcasts where id = ?', [podcast.id])).toEqual([]);
    expect(await countOf('episodes', podcast.id)).toBe(0);
    expect(await countOf('contributors', podcast.id)).toBe(0);
    expect(
      await app.rows('select id from catalog.episode_versions where episode_id = ?', [first.id]),
    ).toEqual([]);
    for (const userId of [ownerId, editor.userId]) {
      await expect(
        app.bus.request(catalogRequests.getPodcast, { userId, podcastId: podcast.id }),
      ).rejects.toMatchObject({ code: 'PODCAST_NOT_FOUND' });
      await expect(app.signIn(userId, null)).resolves.toEqual({ items: [] });
    }
  });

  it('announces catalog.podcast.deleted with the media nothing else uses: artwork, episode media and episode art', async () => {
    const ownerId = app.newOwner();
    const artwork = app.storedMediaFile(ownerId, 'image');
    const sharedArtwork = app.storedMediaFile(ownerId, 'image');
    const audio = app.storedMediaFile(ownerId, 'audio');
    const sharedAudio = app.storedMediaFile(ownerId, 'audio');
    const episodeArt = app.storedMediaFile(ownerId, 'image');
    const podcast = await app.createPodcast(ownerId, { name: 'Going Away', artworkMediaId: artwork.id });
    await app.createEpisode(ownerId, podcast.id, {
      title: 'Only here',
      mediaId: audio.id,
      artworkMediaId: episodeArt.id,
    });
    await app.createEpisode(ownerId, podcast.id, {
      title: 'Also elsewhere',
      mediaId: sharedAudio.id,
      artworkMediaId: sharedArtwork.id,
    });
    // Another of the owner's podcasts uses one image (as its artwork) and one audio file: those stay.
    const staying = await app.createPodcast(ownerId, { name: 'Staying', artworkMediaId: sharedArtwork.id });
    await app.createEpisode(ownerId, staying.id, { title: 'Reused', mediaId: sharedAudio.id });

    await deletePodcast(ownerId, podcast.id);

    const event = await waitFor('catalog.podcast.deleted', () =>
      app.podcastDeletedEvents.find((envelope) => envelope.payload.podcastId === podcast.id),
    );
    expect(event.payload.podcastId).toBe(podcast.id);
    expect([...event.payload.releasedMediaIds].sort()).toEqual([artwork.id, audio.id, episodeArt.id].sort());
    expect(JSON.stringify(event.payload)).not.toContain(ownerId);
  });

  it("releases a file shared with another podcast's episode exactly once when both are deleted at the same moment", async () => {
    for (let round = 0; round < 5; round++) {
      const ownerId = app.newOwner();
      const shared = app.storedMediaFile(ownerId, 'audio');
      const leaving = await app.createPodcast(ownerId, { name: 'Leaving' });
      const other = await app.createPodcast(ownerId, { name: 'Other' });
      await app.createEpisode(ownerId, leaving.id, { title: 'Here', mediaId: shared.id });
      const there = await app.createEpisode(ownerId, other.id, { title: 'There', mediaId: shared.id });

      await Promise.all([
        deletePodcast(ownerId, leaving.id),
        app.bus.request(catalogRequests.deleteEpisode, { userId: ownerId, episodeId: there.id }),
      ]);

      const releases = await app.rows(
        `select subject from catalog.outbox_messages
          where subject in ('catalog.podcast.deleted', 'catalog.episode.deleted') and jsonb_exists(payload->'releasedMediaIds', ?)`,
        [shared.id],
      );
      expect(releases).toHaveLength(1);
    }
  });

  it('refuses an editor and a viewer with PODCAST_ROLE_FORBIDDEN and a stranger with PODCAST_NOT_FOUND, deleting nothing', async () => {
    const ownerId = app.newOwner();
    const podcast = await app.createPodcast(ownerId, { name: 'Kept' });
    await app.createEpisode(ownerId, podcast.id, { title: 'Still here' });
    for (const role of ['editor', 'viewer'] as const) {
      const { userId } = await app.addContributor(ownerId, podcast.id, role);
      await expect(deletePodcast(userId, podcast.id)).rejects.toMatchObject({
        code: 'PODCAST_ROLE_FORBIDDEN',
      });
    }
    await expect(deletePodcast(app.newOwner(), podcast.id)).rejects.toMatchObject({
      code: 'PODCAST_NOT_FOUND',
    });
    expect(await countOf('episodes', podcast.id)).toBe(1);
    await expect(
      app.bus.request(catalogRequests.getPodcast, { userId: ownerId, podcastId: podcast.id }),
    ).resolves.toMatchObject({ name: 'Kept' });
  });
});
