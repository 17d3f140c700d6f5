import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Global, Module } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { pino } from 'pino';
import { ALL_EVENTS, feedsEvents, type EventEnvelope, type PayloadOf } from '@castbase/contracts';
import { APP_CONFIG, type AppConfig } from '@castbase/platform-config';
import { InProcessBus, MessageBus, MessagingModule, newEventId } from '@castbase/platform-messaging';
import { PersistenceModule } from '@castbase/platform-persistence';
import { FeedsModule } from '../../feeds.module.js';
import { ANNOUNCEMENT_POLICY, type AnnouncementPolicy } from '../announcement-policy.js';
import { FeedChangeAnnouncer } from '../feed-change-announcer.js';

type Regenerated = PayloadOf<typeof feedsEvents.feedRegenerated>;

export const ANNOUNCING_TEST_PUBLIC_URL = 'https://castbase.example';

/**
 * The feeds module on `databaseUrl` with its own in-process bus, configured with WebSub hubs and a Podping endpoint.
 * Starting it again on the same database is what a restarted process looks like: a fresh bus that remembers no event
 * ids, and the service's processed events in PostgreSQL.
 */
export async function startAnnouncingFeedsApp(options: {
  databaseUrl: string;
  config: Partial<Pick<AppConfig, 'WEBSUB_HUBS' | 'PODPING_URL' | 'PODPING_TOKEN'>>;
  policy: AnnouncementPolicy;
}) {
  @Global()
  @Module({
    providers: [
      { provide: APP_CONFIG, useValue: { PUBLIC_URL: ANNOUNCING_TEST_PUBLIC_URL, ...options.config } },
      { provide: ANNOUNCEMENT_POLICY, useValue: options.policy },
    ],
    exports: [APP_CONFIG, ANNOUNCEMENT_POLICY],
  })
  class AnnouncingTestConfigModule {}

  const silent = pino({ level: 'silent' });
  const feeds: TestingModule = await Test.createTestingModule({
    imports: [
      AnnouncingTestConfigModule,
      PersistenceModule.forRoot({ url: options.databaseUrl, poolMax: 4, migrateOnStart: true }),
      MessagingModule.forRoot({ bus: () => new InProcessBus({ events: ALL_EVENTS, logger: silent }) }),
      FeedsModule,
    ],
  }).compile();
  await feeds.init();
  const bus = feeds.get(MessageBus);

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

  return {
    bus,
    feeds,
    regenerated,
    announcer: feeds.get(FeedChangeAnnouncer),
    publish: (envelope: EventEnvelope<Regenerated>) => bus.publish(envelope),
    /** Whether the feeds service's consumer has recorded the event as processed. */
    async processed(eventId: string): Promise<boolean> {
      const rows = await feeds
        .select(FeedsModule)
        .get(EntityManager)
        .getConnection()
        .execute<unknown[]>('select 1 from feeds.processed_events where event_id = ?', [eventId]);
      return rows.length > 0;
    },
    stop: () => feeds.close(),
  };
}

export type AnnouncingFeedsApp = Awaited<ReturnType<typeof startAnnouncingFeedsApp>>;
