import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EntityManager } from '@mikro-orm/postgresql';
import { Global, Module } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { pino } from 'pino';
import {
  ALL_EVENTS,
  catalogEvents,
  catalogRequests,
  DomainError,
  feedPath,
  feedsRequests,
  identityEvents,
  userDataErasedEvents,
  type Episode,
  type EventDefinition,
  type EventEnvelope,
  type FeedVariant,
  type PayloadOf,
  type Podcast,
  type PodcastRole,
} from '@castbase/contracts';
import { APP_CONFIG } from '@castbase/platform-config';
import { InProcessBus, MessageBus, MessagingModule, newEventId } from '@castbase/platform-messaging';
import { PersistenceModule } from '@castbase/platform-persistence';
import { ObjectStorage, StorageModule } from '@castbase/platform-storage';
import { createTestDatabase, type TestDatabase } from '@castbase/platform-testing';
import { FeedsModule } from '../feeds.module.js';
import { releaseDate } from '../rss/feed-episodes.js';
import { ServeFeed, type FeedRequest } from '../http/serve-feed.usecase.js';
import { aPodcast, anEpisode } from './feed-fixtures.js';

type FeedsErased = EventEnvelope<PayloadOf<typeof userDataErasedEvents.feeds>>;

export const FEEDS_TEST_PUBLIC_URL = 'https://castbase.example';

/** What the fake catalog holds for one podcast: the podcast, all its episodes (any status), its contributors. */
export interface CatalogEntry {
  podcast: Podcast;
  episodes: Episode[];
  contributors?: Map<string, PodcastRole>;
}

/** The catalog's rule for feed episodes (spec 2 §4): published, RSS enabled, with media, newest first. */
function feedEpisodesOf(entry: CatalogEntry): Episode[] {
  return entry.episodes
    .filter((episode) => episode.status === 'published' && episode.enableRss && episode.media !== null)
    .sort((a, b) => Date.parse(releaseDate(b)) - Date.parse(releaseDate(a)) || b.id.localeCompare(a.id));
}

/**
 * The feeds service on a fresh database, an in-process bus and its own filesystem storage, driven by the events it
 * consumes, with the catalog's side (`catalog.feed-source.get`, `catalog.feed-source.episodes`,
 * `catalog.access.resolve`) played by a fake that knows the podcasts in `catalog`.
 */
export async function startFeedsTestApp() {
  /** What the fake catalog holds, by podcast id; deleting one makes it answer PODCAST_NOT_FOUND. */
  const catalog = new Map<string, CatalogEntry>();
  const erasureReports: FeedsErased[] = [];
  /** While set, the catalog's feed-source answers wait for it: a test holds a generation in progress. */
  let feedSourceGate: Promise<void> | null = null;
  let feedSourceRequests = 0;

  /** A podcast of `ownerId` (with username `username`) that the catalog knows, with one published episode. */
  function catalogPodcast(
    ownerId: string,
    username: string | null,
    overrides: Partial<Podcast> = {},
  ): Podcast {
    const podcast = aPodcast({
      id: randomUUID(),
      ownerId,
      ownerUsername: username,
      slug: `show-${randomUUID().slice(0, 8)}`,
      ...overrides,
    });
    catalog.set(podcast.id, { podcast, episodes: [anEpisode({ podcastId: podcast.id, ownerId })] });
    return podcast;
  }

  /** `count` published episodes, the first the newest, one day apart. */
  function publishedEpisodes(podcast: Podcast, count: number): Episode[] {
    const newest = Date.parse('2026-01-01T00:00:00.000Z');
    return Array.from({ length: count }, (_, index) =>
      anEpisode({
        id: randomUUID(),
        podcastId: podcast.id,
        ownerId: podcast.ownerId,
        title: `Episode ${count - index}`,
        guid: `guid-${podcast.id}-${count - index}`,
        publishDate: new Date(newest - index * 86_400_000).toISOString(),
      }),
    );
  }

  function update(podcastId: string, change: Partial<CatalogEntry>): void {
    const entry = catalog.get(podcastId);
    if (!entry) throw new Error(`the fake catalog has no podcast ${podcastId}`);
    catalog.set(podcastId, { ...entry, ...change });
  }

  async function publish<D extends EventDefinition>(definition: D, payload: PayloadOf<D>): Promise<string> {
    const now = new Date();
    const id = newEventId(now.getTime());
    await bus.publish({ id, subject: definition.subject, occurredAt: now.toISOString(), payload });
    return id;
  }

  const podcastCreated = (podcast: Podcast) =>
    publish(catalogEvents.podcastCreated, {
      podcastId: podcast.id,
      ownerId: podcast.ownerId,
      slug: podcast.slug,
      ownerUsername: podcast.ownerUsername,
    });

  /** catalog.podcast.updated for the podcast as the fake catalog now has it (and where it moved from, if it did). */
  const podcastUpdated = (
    podcastId: string,
    previousAddress?: { ownerUsername: string | null; slug: string },
  ) => {
    const podcast = catalog.get(podcastId)?.podcast;
    if (!podcast) throw new Error(`the fake catalog has no podcast ${podcastId}`);
    return publish(catalogEvents.podcastUpdated, {
      podcastId,
      ownerId: podcast.ownerId,
      slug: podcast.slug,
      ownerUsername: podcast.ownerUsername,
      ...(previousAddress ? { previousAddress } : {}),
    });
  };

  /** What identity publishes when a user confirms account deletion; answers the deletion id. */
  async function requestDeletion(userId: string): Promise<string> {
    const deletionId = randomUUID();
    await publish(identityEvents.userDeletionRequested, {
      deletionId,
      userId,
      requestedAt: new Date().toISOString(),
    });
    return deletionId;
  }

  const rows = (sql: string, parameters: unknown[] = []) =>
    feeds
      .select(FeedsModule)
      .get(EntityManager)
      .getConnection()
      .execute<Array<Record<string, unknown>>>(sql, parameters);

  const processed = async (eventId: string) =>
    (await rows('select 1 from feeds.processed_events where event_id = ?', [eventId])).length === 1;

  /** The public feed request a podcast app makes for a variant of `podcast` at its current address. */
  const fetchFeed = (
    podcast: Pick<Podcast, 'id' | 'ownerUsername' | 'slug'>,
    options: { variant?: FeedVariant; token?: string; request?: Partial<FeedRequest> } = {},
  ) => {
    const path = feedPath(podcast, options.variant);
    const [, , username = '', fileName = ''] = path.split('/');
    return feeds.get(ServeFeed).execute({
      username: decodeURIComponent(username),
      fileName: decodeURIComponent(fileName),
      token: options.token,
      method: 'GET',
      ...options.request,
    });
  };

  /** The file names stored under `rss/{podcastId}/`, sorted. */
  async function storedFiles(podcastId: string): Promise<string[]> {
    const names: string[] = [];
    for await (const key of feeds.get(ObjectStorage).list(`rss/${podcastId}/`))
      names.push(key.split('/').at(-1) ?? key);
    return names.sort();
  }

  /** The RSS status as the gateway asks for it, for `userId`. */
  const feedStatus = (userId: string, podcastId: string) =>
    bus.request(feedsRequests.getFeedStatus, { ownerId: userId, podcastId });
  const generateFeed = (userId: string, podcastId: string) =>
    bus.request(feedsRequests.generateFeed, { ownerId: userId, podcastId });

  @Global()
  @Module({
    providers: [
      {
        provide: APP_CONFIG,
        useValue: { PUBLIC_URL: FEEDS_TEST_PUBLIC_URL, WEBSUB_HUBS: [], PODPING_URL: undefined },
      },
    ],
    exports: [APP_CONFIG],
  })
  class TestConfigModule {}

  const database: TestDatabase = await createTestDatabase('cbtest_feeds');
  const storageRoot = await mkdtemp(join(tmpdir(), 'castbase-feeds-test-'));
  const silent = pino({ level: process.env['FEEDS_TEST_LOG'] ?? 'silent' });
  const feeds: TestingModule = await Test.createTestingModule({
    imports: [
      TestConfigModule,
      PersistenceModule.forRoot({ url: database.url, poolMax: 6, migrateOnStart: true }),
      MessagingModule.forRoot({ bus: () => new InProcessBus({ events: ALL_EVENTS, logger: silent }) }),
      StorageModule.forRoot({
        publicBaseUrl: FEEDS_TEST_PUBLIC_URL,
        filesystem: { root: storageRoot, signingSecret: 'castbase-feeds-test-signing-secret' },
      }),
      FeedsModule,
    ],
  }).compile();
  await feeds.init();
  const bus = feeds.get(MessageBus);
  await bus.respond(
    catalogRequests.getFeedSource,
    async ({ podcastId }) => {
      feedSourceRequests += 1;
      if (feedSourceGate) await feedSourceGate;
      const entry = catalog.get(podcastId);
      if (!entry) throw new DomainError('PODCAST_NOT_FOUND');
      return { podcast: entry.podcast, feedEpisodeCount: feedEpisodesOf(entry).length, trailers: [] };
    },
    { queue: 'catalog' },
  );
  await bus.respond(
    catalogRequests.getFeedEpisodes,
    ({ podcastId, after, limit }) => {
      const entry = catalog.get(podcastId);
      if (!entry) throw new DomainError('PODCAST_NOT_FOUND');
      const episodes = feedEpisodesOf(entry);
      const start = after
        ? episodes.findIndex(
            (episode) => episode.id === after.id && releaseDate(episode) === after.releaseDate,
          ) + 1
        : 0;
      return { episodes: episodes.slice(start, start + limit) };
    },
    { queue: 'catalog' },
  );
  await bus.respond(
    catalogRequests.resolveAccess,
    (request) => {
      const podcastId = 'podcastId' in request ? request.podcastId : '';
      const entry = catalog.get(podcastId);
      const role: PodcastRole | undefined =
        entry?.podcast.ownerId === request.userId ? 'owner' : entry?.contributors?.get(request.userId);
      if (!role) throw new DomainError('PODCAST_NOT_FOUND');
      return { podcastId, role };
    },
    { queue: 'catalog' },
  );
  await bus.consume('identity', [userDataErasedEvents.feeds], async (envelope) => {
    erasureReports.push(envelope);
  });

  return {
    bus,
    feeds,
    catalog,
    storedFiles,
    erasureReports,
    newOwner: () => `owner-${randomUUID()}`,
    catalogPodcast,
    publishedEpisodes,
    update,
    publish,
    podcastCreated,
    podcastUpdated,
    requestDeletion,
    rows,
    processed,
    fetchFeed,
    feedStatus,
    generateFeed,
    /** Holds every feed-source answer until the returned function is called. */
    holdFeedSource(): () => void {
      let release!: () => void;
      feedSourceGate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        feedSourceGate = null;
        release();
      };
    },
    feedSourceRequests: () => feedSourceRequests,
    async stop() {
      await feeds.close();
      await database.drop();
      await rm(storageRoot, { recursive: true, force: true });
    },
  };
}

export type FeedsTestApp = Awaited<ReturnType<typeof startFeedsTestApp>>;
