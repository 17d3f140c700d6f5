import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  catalogRequests,
  EPISODE_SORT_FIELDS,
  type CreateEpisodeInput,
  type EpisodeListQuery,
  type EpisodeSortField,
  type MediaKind,
} from '@castbase/contracts';
import { startCatalogTestApp, type CatalogTestApp } from '../testing/catalog-test-app.js';

/** The podcast the list is asked about: five episodes that differ in every filter and sort. */
type Seed = Omit<CreateEpisodeInput, 'mediaId'> & {
  media: { kind: Exclude<MediaKind, 'image'>; durationSeconds: number } | null;
  plays: number;
};
const SEEDS: Seed[] = [
  {
    title: 'Alpha',
    description: 'plain',
    tags: ['Tech'],
    seasonNumber: 1,
    episodeNumber: 1,
    media: null,
    plays: 10,
  },
  {
    title: 'bravo',
    description: 'Sale: 100% off_now',
    tags: ['News'],
    status: 'published',
    explicit: true,
    seasonNumber: 1,
    episodeNumber: 2,
    media: { kind: 'audio', durationSeconds: 120 },
    plays: 50,
  },
  {
    title: 'Charlie',
    description: 'interview',
    tags: ['Deep_Dive'],
    status: 'scheduled',
    scheduledReleaseDate: new Date(Date.now() + 86_400_000).toISOString(),
    enableRss: false,
    episodeType: 'bonus',
    seasonNumber: 2,
    episodeNumber: 3,
    media: { kind: 'video', durationSeconds: 300 },
    plays: 0,
  },
  {
    title: 'delta',
    description: 'TECH talk',
    status: 'published',
    episodeType: 'trailer',
    seasonNumber: 2,
    episodeNumber: 10,
    media: { kind: 'video', durationSeconds: 60 },
    plays: 50,
  },
  {
    title: 'Echo',
    description: '',
    tags: ['tech'],
    enableRss: false,
    explicit: true,
    media: { kind: 'audio', durationSeconds: 30 },
    plays: 1,
  },
];

type Seeded = { id: string; title: string; createdAt: number; updatedAt: number; seed: Seed };

const STATUS_RANK = { draft: 1, scheduled: 2, published: 3 } as const;

/** What each sort orders by, read from the seeds, before the id tie-break. */
const SORT_KEYS: Record<EpisodeSortField, (episode: Seeded) => Array<number | string>> = {
  createdAt: (episode) => [episode.createdAt],
  updatedAt: (episode) => [episode.updatedAt],
  title: (episode) => [episode.title.toLowerCase()],
  duration: (episode) => [episode.seed.media?.durationSeconds ?? 0],
  status: (episode) => [STATUS_RANK[episode.seed.status ?? 'draft'], episode.createdAt],
  plays: (episode) => [episode.seed.plays],
};

function expectedOrder(episodes: Seeded[], sort: EpisodeSortField, direction: 'asc' | 'desc'): string[] {
  const sign = direction === 'asc' ? 1 : -1;
  const compare = (left: Array<number | string>, right: Array<number | string>) => {
    for (let index = 0; index < left.length; index++) {
      const [a, b] = [left[index] ?? 0, right[index] ?? 0];
      if (a !== b) return a < b ? -1 : 1;
    }
    return 0;
  };
  return [...episodes]
    .sort((a, b) => sign * compare([...SORT_KEYS[sort](a), a.id], [...SORT_KEYS[sort](b), b.id]))
    .map((episode) => episode.title);
}

describe('catalog.episode.list: the All Episodes filters, sorts, pages and counts', () => {
  let app: CatalogTestApp;
  let ownerId: string;
  let podcastId: string;
  let seeded: Seeded[];

  const list = (query: EpisodeListQuery, userId = ownerId) =>
    app.bus.request(catalogRequests.listEpisodes, { userId, podcastId, query });
  const titles = async (query: EpisodeListQuery) => (await list(query)).items.map((item) => item.title);

  beforeAll(async () => {
    app = await startCatalogTestApp();
    ownerId = app.newOwner();
    podcastId = (await app.createPodcast(ownerId, { name: 'Listed' })).id;
    seeded = [];
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    for (const [index, seed] of SEEDS.entries()) {
      const { media, plays, ...input } = seed;
      const file = media && app.storedMediaFile(ownerId, media.kind);
      if (file && media) file.durationSeconds = media.durationSeconds;
      const episode = await app.createEpisode(ownerId, podcastId, { ...input, mediaId: file?.id });
      // Distinct creation and update moments, updates in the opposite order, and play counts from analytics.
      const createdAt = start + index * 60_000;
      const updatedAt = start + (SEEDS.length - index) * 3_600_000;
      await app.rows('update catalog.episodes set created_at = ?, updated_at = ?, plays = ? where id = ?', [
        new Date(createdAt),
        new Date(updatedAt),
        plays,
        episode.id,
      ]);
      seeded.push({ id: episode.id, title: episode.title, createdAt, updatedAt, seed });
    }
    // Another podcast of the same owner: never in this podcast's list or counts.
    const other = await app.createPodcast(ownerId, { name: 'Elsewhere' });
    await app.createEpisode(ownerId, other.id, {
      title: 'Alpha elsewhere',
      seasonNumber: 9,
      episodeNumber: 99,
    });
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('answers newest created first by default, with the counts by status, the seasons and the next episode number', async () => {
    const page = await list({});

    expect(page.items.map((item) => item.title)).toEqual(['Echo', 'delta', 'Charlie', 'bravo', 'Alpha']);
    expect(page).toMatchObject({
      total: 5,
      page: 1,
      pageSize: 20,
      pageCount: 1,
      counts: { all: 5, draft: 2, scheduled: 1, published: 2 },
      seasons: [1, 2],
      nextEpisodeNumber: 11,
    });
    expect(page.items.find((item) => item.title === 'delta')).toMatchObject({
      plays: 50,
      durationSeconds: 60,
    });
    // Each item is the whole episode, exactly as reading it alone answers it.
    for (const item of page.items) {
      await expect(
        app.bus.request(catalogRequests.getEpisode, { userId: ownerId, episodeId: item.id }),
      ).resolves.toEqual(item);
    }
  });

  it.each<[string, EpisodeListQuery, string[]]>([
    [
      'search in a tag, a title or a description, ignoring case',
      { search: 'tech' },
      ['Echo', 'delta', 'Alpha'],
    ],
    ['search in a title', { search: 'ALPH' }, ['Alpha']],
    ['search for % taken literally', { search: '%' }, ['bravo']],
    ['search for _ taken literally', { search: '_' }, ['Charlie', 'bravo']],
    ['search for a backslash taken literally', { search: '\\' }, []],
    // 'Alpha' then 'plain': 'hap' would match were the fields run together.
    ['search never matching across two fields', { search: 'hap' }, []],
    ['status', { status: 'published' }, ['delta', 'bravo']],
    ['video', { media: 'video' }, ['delta', 'Charlie']],
    ['audio', { media: 'audio' }, ['Echo', 'bravo']],
    ['out of the RSS feed', { inRss: false }, ['Echo', 'Charlie']],
    ['in the RSS feed (as the query string says it)', { inRss: 'true' }, ['delta', 'bravo', 'Alpha']],
    ['explicit', { explicit: true }, ['Echo', 'bravo']],
    ['not explicit', { explicit: 'false' }, ['delta', 'Charlie', 'Alpha']],
    ['episode type', { episodeType: 'bonus' }, ['Charlie']],
    ['season', { season: 2 }, ['delta', 'Charlie']],
    ['season as the query string says it', { season: '1' }, ['bravo', 'Alpha']],
    ['status and video together', { status: 'published', media: 'video' }, ['delta']],
    ['explicit and out of the feed together', { explicit: true, inRss: false }, ['Echo']],
    ['search and season together', { search: 'tech', season: 2 }, ['delta']],
    ['filters nothing matches', { status: 'scheduled', media: 'audio' }, []],
  ])('filters by %s', async (_filter, query, expected) => {
    const page = await list(query);

    expect(page.items.map((item) => item.title)).toEqual(expected);
    expect(page.total).toBe(expected.length);
    // The counts are the podcast's, whatever the filters.
    expect(page.counts).toEqual({ all: 5, draft: 2, scheduled: 1, published: 2 });
  });

  it.each(
    EPISODE_SORT_FIELDS.flatMap((sort) =>
      (['asc', 'desc'] as const).map((direction) => [sort, direction] as const),
    ),
  )('sorts by %s %s, ties broken by id', async (sort, direction) => {
    await expect(titles({ sort, direction })).resolves.toEqual(expectedOrder(seeded, sort, direction));
  });

  it('starts each sort in its own direction: title ascending, the others descending', async () => {
    await expect(titles({ sort: 'title' })).resolves.toEqual(expectedOrder(seeded, 'title', 'asc'));
    await expect(titles({ sort: 'status' })).resolves.toEqual(['delta', 'bravo', 'Charlie', 'Echo', 'Alpha']);
    await expect(titles({ sort: 'duration' })).resolves.toEqual([
      'Charlie',
      'bravo',
      'delta',
      'Echo',
      'Alpha',
    ]);
  });

  it('pages through the sorted episodes without overlap, with the page count', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => list({ sort: 'plays', pageSize: 2, page })));

    expect(pages.map((page) => page.items.map((item) => item.title))).toEqual([
      ...[0, 2, 4].map((from) => expectedOrder(seeded, 'plays', 'desc').slice(from, from + 2)),
      [],
    ]);
    expect(pages.map((page) => [page.page, page.pageCount, page.total])).toEqual([
      [1, 3, 5],
      [2, 3, 5],
      [3, 3, 5],
      [4, 3, 5],
    ]);
  });

  it('refuses a page size over 100 and an unknown sort with VALIDATION_FAILED', async () => {
    await expect(list({ pageSize: 101 })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(list({ sort: 'guid' as EpisodeSortField })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  it('lists for a viewer, and answers a stranger PODCAST_NOT_FOUND', async () => {
    const viewer = await app.addContributor(ownerId, podcastId, 'viewer');

    await expect(list({}, viewer.userId)).resolves.toMatchObject({ total: 5 });
    await expect(list({}, app.newOwner())).rejects.toMatchObject({ code: 'PODCAST_NOT_FOUND' });
  });

  it('answers an empty podcast with no items, zero counts and episode number 1 next', async () => {
    const emptyPodcast = await app.createPodcast(ownerId, { name: 'Empty' });

    await expect(
      app.bus.request(catalogRequests.listEpisodes, {
        userId: ownerId,
        podcastId: emptyPodcast.id,
        query: {},
      }),
    ).resolves.toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 20,
      pageCount: 0,
      counts: { all: 0, draft: 0, scheduled: 0, published: 0 },
      seasons: [],
      nextEpisodeNumber: 1,
    });
  });
});
