import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { catalogRequests, type Episode } from '@castbase/contracts';
import { waitFor } from '@castbase/platform-testing';
import { startCatalogTestApp, type CatalogTestApp } from '../testing/catalog-test-app.js';

describe("catalog.episode.export: the data export pages through all of an owner's episodes", () => {
  let app: CatalogTestApp;

  beforeAll(async () => {
    app = await startCatalogTestApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  const exportPage = (ownerId: string, after: string | null, limit: number) =>
    app.bus.request(catalogRequests.exportEpisodes, { ownerId, after, limit });

  /** Every page from the start, as the export streams them. */
  async function exportAll(ownerId: string, limit: number) {
    const pages: Array<{ titles: string[]; next: string | null }> = [];
    let after: string | null = null;
    do {
      const page = await exportPage(ownerId, after, limit);
      pages.push({ titles: page.items.map((episode) => episode.title), next: page.next });
      after = page.next;
    } while (after);
    return pages;
  }

  /** Episodes with media, created one after another, each with a later creation time than the one before. */
  async function episodesInOrder(ownerId: string, podcastIds: string[], titles: string[]) {
    const created: Episode[] = [];
    for (const [index, title] of titles.entries()) {
      const previous = created.at(-1);
      if (previous) {
        const last = Date.parse(previous.createdAt);
        await waitFor('the clock to pass the last creation time', () => Date.now() > last);
      }
      const podcastId = podcastIds[index % podcastIds.length] ?? '';
      const mediaId = app.storedMediaFile(ownerId).id;
      created.push(await app.createEpisode(ownerId, podcastId, { title, mediaId }));
    }
    return created;
  }

  it("returns every episode across the owner's podcasts, drafts and published, oldest first, page by page", async () => {
    const ownerId = app.newOwner();
    const first = await app.createPodcast(ownerId, { name: 'First Show' });
    const second = await app.createPodcast(ownerId, { name: 'Second Show' });
    await app.podcastWithEpisode({ withMedia: true });
    const episodes = await episodesInOrder(ownerId, [first.id, second.id], ['E1', 'E2', 'E3', 'E4', 'E5']);
    await app.publishEpisode(ownerId, episodes[2]?.id ?? '');

    const pages = await exportAll(ownerId, 2);

    expect(pages).toEqual([
      { titles: ['E1', 'E2'], next: episodes[1]?.id },
      { titles: ['E3', 'E4'], next: episodes[3]?.id },
      { titles: ['E5'], next: null },
    ]);
    await expect(exportPage(ownerId, episodes[1]?.id ?? null, 1)).resolves.toMatchObject({
      items: [{ title: 'E3', status: 'published', podcastId: first.id }],
    });
  });

  it('gives a cursor after a full last page, and then an empty page without one', async () => {
    const ownerId = app.newOwner();
    const podcast = await app.createPodcast(ownerId, { name: 'Even Show' });
    const episodes = await episodesInOrder(ownerId, [podcast.id], ['E1', 'E2', 'E3', 'E4']);

    expect(await exportAll(ownerId, 2)).toEqual([
      { titles: ['E1', 'E2'], next: episodes[1]?.id },
      { titles: ['E3', 'E4'], next: episodes[3]?.id },
      { titles: [], next: null },
    ]);
    await expect(exportPage(ownerId, null, 10)).resolves.toEqual({ items: episodes, next: null });
    await expect(exportPage(app.newOwner(), null, 10)).resolves.toEqual({ items: [], next: null });
  });

  it('orders episodes created in the same instant by id, so no page repeats or skips one', async () => {
    const ownerId = app.newOwner();
    const podcast = await app.createPodcast(ownerId, { name: 'Same Instant' });
    for (const title of ['A', 'B', 'C', 'D', 'E']) await app.createEpisode(ownerId, podcast.id, { title });
    await app.rows(`update catalog.episodes set created_at = '2026-01-01T00:00:00Z' where owner_id = ?`, [
      ownerId,
    ]);
    const byId = await app.rows('select id from catalog.episodes where owner_id = ? order by id', [ownerId]);

    const ids: string[] = [];
    let after: string | null = null;
    do {
      const page = await exportPage(ownerId, after, 2);
      ids.push(...page.items.map((episode) => episode.id));
      after = page.next;
    } while (after);

    expect(ids).toEqual(byId.map((row) => row['id']));
  });

  it("answers EPISODE_NOT_FOUND to a cursor that is another owner's episode", async () => {
    const { episode } = await app.podcastWithEpisode({ withMedia: false });

    await expect(exportPage(app.newOwner(), episode.id, 10)).rejects.toMatchObject({
      code: 'EPISODE_NOT_FOUND',
    });
  });
});
