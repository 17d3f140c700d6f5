import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  catalogRequests,
  FEED_EPISODES_PAGE_MAX,
  FEED_TRAILERS_MAX,
  type Episode as EpisodeDto,
  type EpisodeStatus,
  type EpisodeType,
  type StoredEpisodeMedia,
} from '@castbase/contracts';
import { CatalogModule } from '../catalog.module.js';
import { Episode } from '../episodes/episode.entity.js';
import { startCatalogTestApp, type CatalogTestApp } from '../testing/catalog-test-app.js';
import { feedEpisodePageStatement } from './feed-episodes.query.js';

describe('catalog service: the feed source, asked over the bus as the feeds service asks', () => {
  let app: CatalogTestApp;
  const em = () => app.catalog.select(CatalogModule).get(EntityManager).fork();

  beforeAll(async () => {
    app = await startCatalogTestApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  const feedSource = (podcastId: string) => app.bus.request(catalogRequests.getFeedSource, { podcastId });
  const feedPage = (podcastId: string, after: EpisodeDto | null, limit: number = FEED_EPISODES_PAGE_MAX) =>
    app.bus.request(catalogRequests.getFeedEpisodes, {
      podcastId,
      after: after && { releaseDate: releaseDate(after), id: after.id },
      limit,
    });
  const releaseDate = (episode: Pick<EpisodeDto, 'publishDate' | 'createdAt'>) =>
    episode.publishDate ?? episode.createdAt;

  /** Every feed episode of the podcast, read page by page as the feeds service reads them. */
  async function readWholeFeed(
    podcastId: string,
    limit: number,
  ): Promise<{ pages: number; episodes: EpisodeDto[] }> {
    const episodes: EpisodeDto[] = [];
    let pages = 0;
    for (;;) {
      const page = await feedPage(podcastId, episodes.at(-1) ?? null, limit);
      pages++;
      episodes.push(...page.episodes);
      if (page.episodes.length < limit) return { pages, episodes };
    }
  }

  async function ownersPodcast(name = 'Feed Source') {
    const ownerId = app.newOwner();
    const podcast = await app.createPodcast(ownerId, { name });
    const file = app.storedMediaFile(ownerId);
    const media: StoredEpisodeMedia = {
      mediaId: file.id,
      fileName: file.fileName,
      mimeType: file.mimeType,
      sizeBytes: file.sizeBytes,
      durationSeconds: 3,
      storageKey: file.storageKey,
    };
    return { ownerId, podcast, media };
  }

  type Stored = {
    title: string;
    status?: EpisodeStatus;
    enableRss?: boolean;
    withMedia?: boolean;
    episodeType?: EpisodeType;
    publishDate?: Date | null;
    createdAt?: Date;
  };

  /**
   * Writes episodes as the catalog stores them, many at once and with the dates a test needs (ties included): the
   * bus's create and publish would take the clock's dates.
   */
  async function storeEpisodes(
    owner: { ownerId: string; podcast: { id: string }; media: StoredEpisodeMedia },
    episodes: Stored[],
  ): Promise<string[]> {
    const fork = em();
    const created = episodes.map((episode) => {
      const status = episode.status ?? 'published';
      const createdAt = episode.createdAt ?? new Date('2025-06-01T00:00:00Z');
      return fork.create(Episode, {
        podcastId: owner.podcast.id,
        ownerId: owner.ownerId,
        title: episode.title,
        status,
        episodeType: episode.episodeType ?? 'full',
        enableRss: episode.enableRss ?? true,
        media: episode.withMedia === false ? null : owner.media,
        publishDate:
          episode.publishDate === undefined
            ? status === 'published'
              ? createdAt
              : null
            : episode.publishDate,
        scheduledReleaseDate: status === 'scheduled' ? new Date('2099-01-01T00:00:00Z') : null,
        createdAt,
        updatedAt: createdAt,
      });
    });
    await fork.flush();
    return created.map((episode) => episode.id);
  }

  const minutesAfter = (start: string, minutes: number) => new Date(Date.parse(start) + minutes * 60_000);

  describe('catalog.feed-source.get', () => {
    it('answers the podcast as its owner sees it, how many episodes its feeds hold and its newest trailers', async () => {
      const owner = await ownersPodcast();
      const { podcast } = owner;
      const privatePodcast = await app.bus.request(catalogRequests.rotatePrivateToken, {
        userId: owner.ownerId,
        podcastId: podcast.id,
      });
      const trailerTitles = Array.from(
        { length: FEED_TRAILERS_MAX + 2 },
        (_, index) => `Trailer ${index + 1}`,
      );
      await storeEpisodes(owner, [
        ...trailerTitles.map((title, index) => ({
          title,
          episodeType: 'trailer' as const,
          createdAt: minutesAfter('2026-01-01T00:00:00Z', index),
        })),
        {
          title: 'Draft trailer',
          episodeType: 'trailer',
          status: 'draft',
          createdAt: new Date('2026-02-01T00:00:00Z'),
        },
        {
          title: 'Website-only trailer',
          episodeType: 'trailer',
          enableRss: false,
          createdAt: new Date('2026-02-01T00:00:00Z'),
        },
        { title: 'Episode 1', createdAt: new Date('2026-01-02T00:00:00Z') },
        { title: 'Bonus', episodeType: 'bonus', createdAt: new Date('2026-01-03T00:00:00Z') },
        { title: 'Draft', status: 'draft' },
        { title: 'Scheduled', status: 'scheduled' },
        { title: 'Website only', enableRss: false },
        { title: 'No media yet', withMedia: false },
      ]);

      const source = await feedSource(podcast.id);

      expect(source.podcast).toEqual({ ...privatePodcast, role: 'owner' });
      expect(source.podcast.privateAccessToken).toEqual(privatePodcast.privateAccessToken);
      expect(source.feedEpisodeCount).toBe(trailerTitles.length + 2);
      expect(source.trailers.map((trailer) => trailer.title)).toEqual(
        trailerTitles.toReversed().slice(0, FEED_TRAILERS_MAX),
      );
    });

    it('answers PODCAST_NOT_FOUND for a podcast that does not exist', async () => {
      await expect(feedSource(randomUUID())).rejects.toMatchObject({ code: 'PODCAST_NOT_FOUND' });
    });
  });

  describe('catalog.feed-source.episodes', () => {
    it('pages through 1,200 feed episodes newest first, each exactly once, leaving out every other episode', async () => {
      const owner = await ownersPodcast('Long Runner');
      const start = '2020-01-01T00:00:00Z';
      // Four episodes share each minute, so page boundaries fall inside ties; every 50th was published without a
      // publish date (an import) and is placed by its creation time.
      const inFeed: Stored[] = Array.from({ length: 1200 }, (_, index) =>
        index % 50 === 7
          ? {
              title: `Episode ${index}`,
              publishDate: null,
              createdAt: minutesAfter(start, Math.floor(index / 4)),
            }
          : {
              title: `Episode ${index}`,
              publishDate: minutesAfter(start, Math.floor(index / 4)),
              createdAt: minutesAfter(start, -1),
            },
      );
      const ids = await storeEpisodes(owner, inFeed);
      const outsideDates = (index: number) => ({ createdAt: minutesAfter(start, index * 13) });
      const leftOutIds = await storeEpisodes(owner, [
        ...Array.from({ length: 20 }, (_, index) => ({
          title: `Draft ${index}`,
          status: 'draft' as const,
          ...outsideDates(index),
        })),
        ...Array.from({ length: 20 }, (_, index) => ({
          title: `Scheduled ${index}`,
          status: 'scheduled' as const,
          ...outsideDates(index),
        })),
        ...Array.from({ length: 20 }, (_, index) => ({
          title: `Website only ${index}`,
          enableRss: false,
          ...outsideDates(index),
        })),
        ...Array.from({ length: 20 }, (_, index) => ({
          title: `No media ${index}`,
          withMedia: false,
          ...outsideDates(index),
        })),
      ]);
      const elsewhere = await ownersPodcast('Elsewhere');
      const elsewhereIds = await storeEpisodes(
        elsewhere,
        Array.from({ length: 20 }, (_, index) => ({ title: `Elsewhere ${index}`, ...outsideDates(index) })),
      );
      const expectedOrder = inFeed
        .map((episode, index) => ({
          id: ids[index]!,
          releaseDate: (episode.publishDate ?? episode.createdAt!).getTime(),
        }))
        .sort((a, b) => b.releaseDate - a.releaseDate || (a.id < b.id ? 1 : -1))
        .map((episode) => episode.id);

      const { pages, episodes } = await readWholeFeed(owner.podcast.id, FEED_EPISODES_PAGE_MAX);

      expect(pages).toBe(7);
      expect(episodes.map((episode) => episode.id)).toEqual(expectedOrder);
      expect(new Set(episodes.map((episode) => episode.id)).size).toBe(1200);
      for (const id of [...leftOutIds, ...elsewhereIds])
        expect(episodes.map((episode) => episode.id)).not.toContain(id);
      expect((await feedSource(owner.podcast.id)).feedEpisodeCount).toBe(1200);
    });

    it('orders episodes released at the same moment by id, descending, across page boundaries', async () => {
      const owner = await ownersPodcast('Same Moment');
      const ids = await storeEpisodes(
        owner,
        ['A', 'B', 'C', 'D', 'E'].map((title) => ({ title, publishDate: new Date('2026-03-01T09:00:00Z') })),
      );
      const descending = ids.toSorted().toReversed();

      const { episodes } = await readWholeFeed(owner.podcast.id, 2);

      expect(episodes.map((episode) => episode.id)).toEqual(descending);
    });

    it('keeps its place between dates the cursor rounds to the millisecond (PostgreSQL stores microseconds)', async () => {
      const owner = await ownersPodcast('Microseconds');
      const [later, earlier] = await storeEpisodes(owner, [{ title: 'Later' }, { title: 'Earlier' }]);
      // Written by another client, these dates differ below the millisecond the ISO cursor carries.
      await app.rows(`update catalog.episodes set publish_date = ? where id = ?`, [
        '2026-04-01T10:00:00.123456Z',
        later,
      ]);
      await app.rows(`update catalog.episodes set publish_date = ? where id = ?`, [
        '2026-04-01T10:00:00.123400Z',
        earlier,
      ]);

      const { episodes } = await readWholeFeed(owner.podcast.id, 1);

      expect(episodes.map((episode) => episode.title)).toEqual(['Later', 'Earlier']);
    });

    it("reads each page from the feed-order index, without sorting the podcast's episodes", async () => {
      const owner = await ownersPodcast('Indexed');
      await storeEpisodes(
        owner,
        Array.from({ length: 2000 }, (_, index) => ({
          title: `Episode ${index}`,
          createdAt: minutesAfter('2021-01-01T00:00:00Z', index),
        })),
      );
      await app.rows('analyze catalog.episodes');
      const [, secondNewest] = (await feedPage(owner.podcast.id, null, 2)).episodes;
      const plan = async (after: EpisodeDto | null) => {
        const statement = feedEpisodePageStatement(
          em(),
          owner.podcast.id,
          after && { releaseDate: releaseDate(after), id: after.id },
          FEED_EPISODES_PAGE_MAX,
        );
        const [row] = await app.rows(`explain (format json) ${statement.sql}`, statement.parameters);
        return JSON.stringify(row);
      };

      for (const text of [await plan(null), await plan(secondNewest!)]) {
        expect(text).toContain('"Index Name":"episodes_feed_order_index"');
        expect(text).not.toContain('"Node Type":"Sort"');
        expect(text).not.toContain('"Node Type":"Seq Scan"');
      }
    });

    it('answers PODCAST_NOT_FOUND for a podcast that does not exist', async () => {
      await expect(feedPage(randomUUID(), null)).rejects.toMatchObject({ code: 'PODCAST_NOT_FOUND' });
    });
  });
});
