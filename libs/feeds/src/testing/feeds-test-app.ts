import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Global, Module } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { pino } from 'pino';
import {
  ALL_EVENTS,
  catalogEvents,
  catalogRequests,
  DomainError,
  identityEvents,
  userDataErasedEvents,
  type EventDefinition,
  type EventEnvelope,
  type PayloadOf,
  type Podcast,
} from '@castbase/contracts';
import { APP_CONFIG } from '@castbase/platform-config';
import { InProcessBus, MessageBus, MessagingModule, newEventId } from '@castbase/platform-messaging';
import { PersistenceModule } from '@castbase/platform-persistence';
import { createTestDatabase, type TestDatabase } from '@castbase/platform-testing';
import { FeedsModule } from '../feeds.module.js';
import { ServeFeed } from '../http/serve-feed.usecase.js';
import type { FeedSource } from '../rss/render-podcast-feed.js';
import { aPodcast, anEpisode } from './feed-fixtures.js';

type FeedsErased = EventEnvelope<PayloadOf<typeof userDataErasedEvents.feeds>>;

export const FEEDS_TEST_PUBLIC_URL = 'https://castbase.example';

/**
 * The feeds service on a fresh database and an in-process bus, driven by the events it consumes, with the
 * catalog's side of `catalog.feed-source.get` played by a fake that knows the podcasts in `catalog`.
 */
export async function startFeedsTestApp() {
  /** What the fake catalog holds, by podcast id; deleting one makes it answer PODCAST_NOT_FOUND. */
  const catalog = new Map<string, FeedSource>();
  const erasureReports: FeedsErased[] = [];

  /** A podcast of `ownerId` (with username `username`) that the catalog knows, with one published episode. */
  function catalogPodcast(ownerId: string, username: string, overrides: Partial<Podcast> = {}): Podcast {
    const podcast = aPodcast({
      id: randomUUID(),
      ownerId,
      ownerUsername: username,
      slug: `show-${randomUUID().slice(0, 8)}`,
      ...overrides,
    });
    catalog.set(podcast.id, {
      podcast,
      episodes: [anEpisode({ podcastId: podcast.id, ownerId })],
    });
    return podcast;
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

  /** The public feed request a podcast app makes for `podcast`. */
  const fetchFeed = (podcast: Podcast) =>
    feeds
      .get(ServeFeed)
      .execute({ username: podcast.ownerUsername ?? 'podcast', fileName: `${podcast.slug}.xml` });

  @Global()
  @Module({
    providers: [{ provide: APP_CONFIG, useValue: { PUBLIC_URL: FEEDS_TEST_PUBLIC_URL } }],
    exports: [APP_CONFIG],
  })
  class TestConfigModule {}

  const database: TestDatabase = await createTestDatabase('cbtest_feeds');
  const silent = pino({ level: 'silent' });
  const feeds: TestingModule = await Test.createTestingModule({
    imports: [
      TestConfigModule,
      PersistenceModule.forRoot({ url: database.url, poolMax: 4, migrateOnStart: true }),
      MessagingModule.forRoot({ bus: () => new InProcessBus({ events: ALL_EVENTS, logger: silent }) }),
      FeedsModule,
    ],
  }).compile();
  await feeds.init();
  const bus = feeds.get(MessageBus);

  await bus.respond(
    catalogRequests.getFeedSource,
    ({ podcastId }) => {
      const source = catalog.get(podcastId);
      if (!source) throw new DomainError('PODCAST_NOT_FOUND');
      return { podcast: source.podcast, feedEpisodeCount: source.episodes.length, trailers: [] };
    },
    { queue: 'catalog' },
  );
  await bus.respond(
    catalogRequests.getFeedEpisodes,
    ({ podcastId, limit }) => ({ episodes: [...(catalog.get(podcastId)?.episodes ?? [])].slice(0, limit) }),
    { queue: 'catalog' },
  );
  await bus.consume('identity', [userDataErasedEvents.feeds], async (envelope) => {
    erasureReports.push(envelope);
  });

  return {
    bus,
    feeds,
    catalog,
    erasureReports,
    newOwner: () => `owner-${randomUUID()}`,
    catalogPodcast,
    publish,
    podcastCreated,
    requestDeletion,
    rows,
    fetchFeed,
    async stop() {
      await feeds.close();
      await database.drop();
    },
  };
}

export type FeedsTestApp = Awaited<ReturnType<typeof startFeedsTestApp>>;
