import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Global, Module } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { pino } from 'pino';
import { ALL_EVENTS, catalogRequests, type Episode } from '@castbase/contracts';
import { APP_CONFIG } from '@castbase/platform-config';
import { InProcessBus, MessageBus, MessagingModule } from '@castbase/platform-messaging';
import { PersistenceModule } from '@castbase/platform-persistence';
import { testStorageModule } from '@castbase/platform-storage';
import { waitFor } from '@castbase/platform-testing';
import { CatalogModule } from '../catalog.module.js';
import {
  CATALOG_TEST_PUBLIC_URL,
  startCatalogTestApp,
  type CatalogTestApp,
} from '../testing/catalog-test-app.js';
import { PUBLISH_DUE_BATCH_SIZE } from './publish-due-episodes.js';
import { ScheduledPublisher } from './scheduled-publisher.js';

/** Another catalog replica on the same database: its own connection pool, bus and scheduled publisher. */
async function startReplica(databaseUrl: string, intervalSeconds: number): Promise<TestingModule> {
  @Global()
  @Module({
    providers: [
      {
        provide: APP_CONFIG,
        useValue: {
          SCHEDULED_PUBLISH_INTERVAL_SECONDS: intervalSeconds,
          PUBLIC_URL: CATALOG_TEST_PUBLIC_URL,
        },
      },
    ],
    exports: [APP_CONFIG],
  })
  class ReplicaConfigModule {}

  const replica = await Test.createTestingModule({
    imports: [
      ReplicaConfigModule,
      PersistenceModule.forRoot({ url: databaseUrl, poolMax: 4, migrateOnStart: false }),
      MessagingModule.forRoot({
        bus: () => new InProcessBus({ events: ALL_EVENTS, logger: pino({ level: 'silent' }) }),
      }),
      testStorageModule(),
      CatalogModule,
    ],
  }).compile();
  await replica.init();
  return replica;
}

describe('catalog service: the scheduled publisher (publish_scheduled_episodes, spec 2 §4)', () => {
  let app: CatalogTestApp;
  /** A second replica, whose timer stays out of the way (an hour) while the test runs the routine itself. */
  let secondReplica: TestingModule;

  beforeAll(async () => {
    app = await startCatalogTestApp();
    // The first replica's timer too: the race below is between the routine's calls, not the timers.
    await app.catalog.get(ScheduledPublisher).onModuleDestroy();
    secondReplica = await startReplica(app.databaseUrl, 3600);
  });

  afterAll(async () => {
    await secondReplica?.close();
    await app?.stop();
  });

  const publishDueOn = (bus: MessageBus) => bus.request(catalogRequests.publishDueEpisodes, {});

  /** Scheduled episodes of a new podcast, each with media, whose date is then moved into the past (due). */
  async function dueEpisodes(count: number): Promise<{ ownerId: string; episodes: Episode[] }> {
    const ownerId = app.newOwner();
    const podcast = await app.createPodcast(ownerId, { name: 'Scheduled Show' });
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
    const episodes: Episode[] = [];
    for (let index = 0; index < count; index += 25) {
      const batch = Array.from({ length: Math.min(25, count - index) }, (_, offset) =>
        app.createEpisode(ownerId, podcast.id, {
          title: `Due ${index + offset}`,
          mediaId: app.storedMediaFile(ownerId).id,
          status: 'scheduled',
          scheduledReleaseDate: tomorrow,
        }),
      );
      episodes.push(...(await Promise.all(batch)));
    }
    await makeDue(episodes.map((episode) => episode.id));
    return { ownerId, episodes };
  }

  /** What time does to a schedule: the date is now behind us. */
  const makeDue = (episodeIds: string[]) =>
    app.rows(
      "update catalog.episodes set scheduled_release_date = now() - interval '1 minute' where id = any(?::uuid[])",
      [`{${episodeIds.join(',')}}`],
    );

  const publishedEventCounts = async (episodeIds: string[]) => {
    const rows = await app.rows(
      `select payload->>'episodeId' as episode_id, count(*)::int as events from catalog.outbox_messages
        where subject = 'catalog.episode.published' and payload->>'episodeId' = any(?::text[]) group by 1`,
      [`{${episodeIds.join(',')}}`],
    );
    return new Map(rows.map((row) => [String(row['episode_id']), Number(row['events'])]));
  };

  it('publishes every due episode exactly once while two replicas run the routine at the same moment', async () => {
    const due = 2 * PUBLISH_DUE_BATCH_SIZE + 37;
    const { ownerId, episodes } = await dueEpisodes(due);
    const ids = episodes.map((episode) => episode.id);
    const otherBus = secondReplica.get(MessageBus);

    const answers = await Promise.all([
      publishDueOn(app.bus),
      publishDueOn(otherBus),
      publishDueOn(app.bus),
      publishDueOn(otherBus),
    ]);

    expect(answers.reduce((sum, answer) => sum + answer.published, 0)).toBe(due);
    const counts = await publishedEventCounts(ids);
    expect(ids.filter((id) => counts.get(id) !== 1)).toEqual([]);
    const states = await app.rows(
      `select e.status, e.scheduled_release_date, e.publish_date is not null as has_publish_date,
              (select count(*)::int from catalog.episode_versions v where v.episode_id = e.id and v.status = 'published') as published_versions
         from catalog.episodes e where e.id = any(?::uuid[])`,
      [`{${ids.join(',')}}`],
    );
    expect(new Set(states.map((state) => JSON.stringify(state)))).toEqual(
      new Set([
        JSON.stringify({
          status: 'published',
          scheduled_release_date: null,
          has_publish_date: true,
          published_versions: 1,
        }),
      ]),
    );
    // The publish is recorded in the name of whoever scheduled the episode.
    const [version] = await app.rows(
      'select user_id from catalog.episode_versions where episode_id = ? order by version_number desc limit 1',
      [ids[0]],
    );
    expect(version?.['user_id']).toBe(ownerId);
    await expect(publishDueOn(otherBus)).resolves.toEqual({ published: 0 });
  });

  it('leaves episodes not yet due and due ones without audio or video scheduled', async () => {
    const ownerId = app.newOwner();
    const podcast = await app.createPodcast(ownerId, { name: 'Not Yet' });
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
    const later = await app.createEpisode(ownerId, podcast.id, {
      title: 'Tomorrow',
      mediaId: app.storedMediaFile(ownerId).id,
      status: 'scheduled',
      scheduledReleaseDate: tomorrow,
    });
    const silent = await app.createEpisode(ownerId, podcast.id, {
      title: 'No media yet',
      status: 'scheduled',
      scheduledReleaseDate: tomorrow,
    });
    await makeDue([silent.id]);

    await publishDueOn(app.bus);

    for (const episode of [later, silent]) {
      await expect(
        app.bus.request(catalogRequests.getEpisode, { userId: ownerId, episodeId: episode.id }),
      ).resolves.toMatchObject({ status: 'scheduled' });
    }
    expect(await publishedEventCounts([later.id, silent.id])).toEqual(new Map());
  });

  it('publishes a due episode by itself on the timer of a replica (SCHEDULED_PUBLISH_INTERVAL_SECONDS=1)', async () => {
    const timed = await startReplica(app.databaseUrl, 1);
    try {
      const { ownerId, episodes } = await dueEpisodes(1);
      const [episode] = episodes as [Episode];

      const published = await waitFor('the timer to publish the due episode', async () => {
        const current = await app.bus.request(catalogRequests.getEpisode, {
          userId: ownerId,
          episodeId: episode.id,
        });
        return current.status === 'published' ? current : undefined;
      });

      expect(published.scheduledReleaseDate).toBeNull();
      expect(await publishedEventCounts([episode.id])).toEqual(new Map([[episode.id, 1]]));
    } finally {
      await timed.close();
    }
  });
});
