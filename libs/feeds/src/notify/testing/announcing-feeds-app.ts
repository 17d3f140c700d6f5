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
  feedsEvents,
  type Episode,
  type EventEnvelope,
  type PayloadOf,
  type Podcast,
} from '@castbase/contracts';
import { APP_CONFIG, type AppConfig } from '@castbase/platform-config';
import { InProcessBus, MessageBus, MessagingModule, newEventId } from '@castbase/platform-messaging';
import { PersistenceModule } from '@castbase/platform-persistence';
import { StorageModule } from '@castbase/platform-storage';
import { FeedsModule } from '../../feeds.module.js';
import { ServeFeed } from '../../http/serve-feed.usecase.js';
import { aPodcast, anEpisode } from '../../testing/feed-fixtures.js';
import { ANNOUNCEMENT_POLICY, type AnnouncementPolicy } from '../announcement-policy.js';
import { FeedChangeAnnouncer } from '../feed-change-announcer.js';

type Regenerated = PayloadOf<typeof feedsEvents.feedRegenerated>;

export const ANNOUNCING_TEST_PUBLIC_URL = 'https://castbase.example';

/**
 * The feeds module on `databaseUrl` with its own in-process bus and storage, configured with WebSub hubs and a Podping
 * endpoint, and a fake catalog holding podcasts with one published episode each. Starting it again on the same
 * database is what a restarted process looks like: a fresh bus that remembers no event ids, and the service's
 * processed events in PostgreSQL.
 */
export async function startAnnouncingFeedsApp(options: {
  databaseUrl: string;
  config: Partial<Pick<AppConfig, 'WEBSUB_HUBS' | 'PODPING_URL' | 'PODPING_TOKEN'>>;
  policy: AnnouncementPolicy;
}) {
  const catalog = new Map<string, { podcast: Podcast; episodes: Episode[] }>();

  @Global()
  @Module({
    providers: [
      { provide: APP_CONFIG, useValue: { PUBLIC_URL: ANNOUNCING_TEST_PUBLIC_URL, ...options.config } },
      { provide: ANNOUNCEMENT_POLICY, useValue: options.policy },
    ],
    exports: [APP_CONFIG, ANNOUNCEMENT_POLICY],
  })
  class AnnouncingTestConfigModule {}

  const storageRoot = await mkdtemp(join(tmpdir(), 'castbase-feeds-announce-'));
  const silent = pino({ level: 'silent' });
  const feeds: TestingModule = await Test.createTestingModule({
    imports: [
      AnnouncingTestConfigModule,
      PersistenceModule.forRoot({ url: options.databaseUrl, poolMax: 4, migrateOnStart: true }),
      MessagingModule.forRoot({ bus: () => new InProcessBus({ events: ALL_EVENTS, logger: silent }) }),
      StorageModule.forRoot({
        publicBaseUrl: ANNOUNCING_TEST_PUBLIC_URL,
        filesystem: { root: storageRoot, signingSecret: 'castbase-feeds-announce-test-secret' },
      }),
      FeedsModule,
    ],
  }).compile();
  await feeds.init();
  const bus = feeds.get(MessageBus);

  await bus.respond(
    catalogRequests.getFeedSource,
    ({ podcastId }) => {
      const entry = catalog.get(podcastId);
      if (!entry) throw new DomainError('PODCAST_NOT_FOUND');
      return { podcast: entry.podcast, feedEpisodeCount: entry.episodes.length, trailers: [] };
    },
    { queue: 'catalog' },
  );
  await bus.respond(
    catalogRequests.getFeedEpisodes,
    ({ podcastId, after, limit }) => {
      const episodes = catalog.get(podcastId)?.episodes ?? [];
      const start = after ? episodes.findIndex((episode) => episode.id === after.id) + 1 : 0;
      return { episodes: episodes.slice(start, start + limit) };
    },
    { queue: 'catalog' },
  );

  /** A podcast with one published episode that the fake catalog knows (not yet announced to the feeds service). */
  function catalogPodcast(overrides: Partial<Podcast> = {}): Podcast {
    const ownerId = `owner-${randomUUID()}`;
    const podcast = aPodcast({
      id: randomUUID(),
      ownerId,
      ownerUsername: 'ada',
      slug: `show-${randomUUID().slice(0, 8)}`,
      ...overrides,
    });
    catalog.set(podcast.id, { podcast, episodes: [anEpisode({ podcastId: podcast.id, ownerId })] });
    return podcast;
  }

  async function publishCatalogEvent(podcast: Podcast, kind: 'created' | 'updated'): Promise<string> {
    const now = new Date();
    const id = newEventId(now.getTime());
    const payload = {
      podcastId: podcast.id,
      ownerId: podcast.ownerId,
      slug: podcast.slug,
      ownerUsername: podcast.ownerUsername,
    };
    const subject = (kind === 'created' ? catalogEvents.podcastCreated : catalogEvents.podcastUpdated)
      .subject;
    await bus.publish({ id, subject, occurredAt: now.toISOString(), payload });
    return id;
  }

  /** A `feeds.feed.regenerated` envelope for a new podcast, public and changed unless `overrides` say otherwise. */
  function regenerated(overrides: Partial<Regenerated> = {}): EventEnvelope<Regenerated> {
    const podcastId = randomUUID();
    const base = `${ANNOUNCING_TEST_PUBLIC_URL}/feeds/ada/show-${podcastId.slice(0, 8)}`;
    const now = new Date();
    return {
      id: newEventId(now.getTime()),
      subject: feedsEvents.feedRegenerated.subject,
      occurredAt: now.toISOString(),
      payload: {
        podcastId,
        ownerId: `owner-${randomUUID()}`,
        url: `${base}.xml`,
        episodeCount: 1,
        generatedAt: now.toISOString(),
        changed: true,
        private: false,
        changedUrls: [`${base}.xml`, `${base}-recent.xml`, `${base}-preview.xml`],
        ...overrides,
      },
    };
  }

  const rows = (sql: string, parameters: unknown[] = []) =>
    feeds
      .select(FeedsModule)
      .get(EntityManager)
      .getConnection()
      .execute<Array<Record<string, unknown>>>(sql, parameters);

  return {
    bus,
    feeds,
    regenerated,
    catalogPodcast,
    podcastCreated: (podcast: Podcast) => publishCatalogEvent(podcast, 'created'),
    podcastUpdated: (podcast: Podcast) => publishCatalogEvent(podcast, 'updated'),
    announcer: feeds.get(FeedChangeAnnouncer),
    publish: (envelope: EventEnvelope<Regenerated>) => bus.publish(envelope),
    rows,
    /** Whether the feeds service's consumer has recorded the event as processed. */
    processed: async (eventId: string) =>
      (await rows('select 1 from feeds.processed_events where event_id = ?', [eventId])).length > 0,
    /** The main feed as a podcast app reads it (with the token of a private podcast). */
    async mainFeedXml(podcast: Podcast): Promise<string> {
      const [, , username = '', fileName = ''] = feedPath(podcast).split('/');
      const response = await feeds.get(ServeFeed).execute({
        username,
        fileName,
        token: podcast.privateAccessToken ?? undefined,
        method: 'GET',
      });
      return response.status === 200 ? response.body.toString('utf8') : '';
    },
    async stop() {
      await feeds.close();
      await rm(storageRoot, { recursive: true, force: true });
    },
  };
}

export type AnnouncingFeedsApp = Awaited<ReturnType<typeof startAnnouncingFeedsApp>>;
