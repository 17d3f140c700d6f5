import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { catalogEvents, catalogRequests, ERASED_USER_ID, type UpdateEpisodeInput } from '@castbase/contracts';
import { waitFor } from '@castbase/platform-testing';
import { startCatalogTestApp, type CatalogTestApp } from '../testing/catalog-test-app.js';

describe('episode versions: every save is one, and restoring one is a save', () => {
  let app: CatalogTestApp;

  beforeAll(async () => {
    app = await startCatalogTestApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  const updateEpisode = (userId: string, episodeId: string, input: UpdateEpisodeInput) =>
    app.bus.request(catalogRequests.updateEpisode, { userId, episodeId, input });
  const listVersions = (userId: string, episodeId: string) =>
    app.bus.request(catalogRequests.listVersions, { userId, episodeId });
  const restoreVersion = (userId: string, episodeId: string, versionId: string, revision: number) =>
    app.bus.request(catalogRequests.restoreVersion, { userId, episodeId, versionId, input: { revision } });

  it('lists the versions newest first, each with who saved it and the fields as they were', async () => {
    const { ownerId, podcast, episode } = await app.podcastWithEpisode({ withMedia: true });
    const editor = await app.addContributor(ownerId, podcast.id, 'editor');
    const second = await updateEpisode(editor.userId, episode.id, {
      revision: episode.revision,
      title: 'Second title',
      tags: ['two'],
    });
    await app.publishEpisode(ownerId, episode.id);

    const { items } = await listVersions(ownerId, episode.id);

    expect(
      items.map((version) => [version.versionNumber, version.userId, version.title, version.status]),
    ).toEqual([
      [3, ownerId, 'Second title', 'published'],
      [2, editor.userId, 'Second title', 'draft'],
      [1, ownerId, 'Pilot', 'draft'],
    ]);
    expect(items[1]).toMatchObject({
      episodeId: episode.id,
      tags: ['two'],
      media: second.media,
      guid: episode.guid,
      enableRss: true,
      publishDate: null,
    });
  });

  it("restores a version's fields as a new version, keeping the status, and tells catalog.episode.updated", async () => {
    const { ownerId, podcast, episode } = await app.podcastWithEpisode({ withMedia: true });
    const published = await app.publishEpisode(ownerId, episode.id);
    const edited = await updateEpisode(ownerId, episode.id, {
      revision: published.revision,
      title: 'Renamed',
      description: 'New words',
      explicit: true,
      mediaId: app.storedMediaFile(ownerId, 'video').id,
    });
    const original = (await listVersions(ownerId, episode.id)).items.find(
      (version) => version.versionNumber === 1,
    );

    const restored = await restoreVersion(ownerId, episode.id, original?.id ?? '', edited.revision);

    expect(restored).toMatchObject({
      title: 'Pilot',
      description: episode.description,
      explicit: false,
      media: episode.media,
      status: 'published',
      publishDate: published.publishDate,
      revision: edited.revision + 1,
    });
    const { items } = await listVersions(ownerId, episode.id);
    expect(items[0]).toMatchObject({
      versionNumber: edited.revision + 1,
      title: 'Pilot',
      status: 'published',
    });
    const updates = await app.outboxRows(catalogEvents.episodeUpdated.subject, 'episodeId', episode.id);
    expect(updates.map((row) => row['payload'])).toContainEqual({
      episodeId: episode.id,
      podcastId: podcast.id,
      ownerId,
      status: 'published',
      title: 'Pilot',
      chapters: [],
      media: expect.objectContaining({ mimeType: 'audio/mpeg' }),
    });
  });

  it('refuses a restore from an older revision with EPISODE_EDIT_CONFLICT', async () => {
    const { ownerId, episode } = await app.podcastWithEpisode({ withMedia: false });
    const edited = await updateEpisode(ownerId, episode.id, { revision: episode.revision, title: 'Newer' });
    const [, first] = (await listVersions(ownerId, episode.id)).items;

    await expect(
      restoreVersion(ownerId, episode.id, first?.id ?? '', episode.revision),
    ).rejects.toMatchObject({
      code: 'EPISODE_EDIT_CONFLICT',
    });
    await expect(
      app.bus.request(catalogRequests.getEpisode, { userId: ownerId, episodeId: episode.id }),
    ).resolves.toEqual(edited);
  });

  it('refuses to restore a version without media into a published episode', async () => {
    const ownerId = app.newOwner();
    const podcast = await app.createPodcast(ownerId, { name: 'No Media Then' });
    const episode = await app.createEpisode(ownerId, podcast.id, { title: 'Silent' });
    const withMedia = await updateEpisode(ownerId, episode.id, {
      revision: episode.revision,
      mediaId: app.storedMediaFile(ownerId).id,
    });
    const published = await app.publishEpisode(ownerId, withMedia.id);
    const silent = (await listVersions(ownerId, episode.id)).items.find(
      (version) => version.versionNumber === 1,
    );

    await expect(
      restoreVersion(ownerId, episode.id, silent?.id ?? '', published.revision),
    ).rejects.toMatchObject({
      code: 'EPISODE_HAS_NO_MEDIA',
      message: 'Either audio or video is required for published episodes',
    });
  });

  it("answers VERSION_NOT_FOUND 'Version not found' for another episode's version", async () => {
    const { ownerId, podcast, episode } = await app.podcastWithEpisode({ withMedia: false });
    const other = await app.createEpisode(ownerId, podcast.id, { title: 'Other' });
    const [othersVersion] = (await listVersions(ownerId, other.id)).items;

    await expect(
      restoreVersion(ownerId, episode.id, othersVersion?.id ?? '', episode.revision),
    ).rejects.toMatchObject({ code: 'VERSION_NOT_FOUND', message: 'Version not found' });
  });

  it('lets a viewer list versions but not restore them; a stranger gets EPISODE_NOT_FOUND', async () => {
    const { ownerId, podcast, episode } = await app.podcastWithEpisode({ withMedia: false });
    const viewer = await app.addContributor(ownerId, podcast.id, 'viewer');
    const [version] = (await listVersions(viewer.userId, episode.id)).items;
    const stranger = app.newOwner();

    await expect(
      restoreVersion(viewer.userId, episode.id, version?.id ?? '', episode.revision),
    ).rejects.toMatchObject({ code: 'PODCAST_ROLE_FORBIDDEN' });
    await expect(listVersions(stranger, episode.id)).rejects.toMatchObject({ code: 'EPISODE_NOT_FOUND' });
    await expect(
      restoreVersion(stranger, episode.id, version?.id ?? '', episode.revision),
    ).rejects.toMatchObject({ code: 'EPISODE_NOT_FOUND' });
  });

  it("keeps an erased contributor's saves in the history without their id", async () => {
    const { ownerId, podcast, episode } = await app.podcastWithEpisode({ withMedia: false });
    const editor = await app.addContributor(ownerId, podcast.id, 'editor');
    await updateEpisode(editor.userId, episode.id, {
      revision: episode.revision,
      title: 'Edited, then erased',
    });

    const deletionId = await app.requestDeletion(editor.userId);
    await waitFor('the erasure report', () =>
      app.erasureReports.find((envelope) => envelope.payload.deletionId === deletionId),
    );

    const { items } = await listVersions(ownerId, episode.id);
    expect(items.map((version) => [version.versionNumber, version.userId, version.title])).toEqual([
      [2, ERASED_USER_ID, 'Edited, then erased'],
      [1, ownerId, 'Pilot'],
    ]);
  });
});
