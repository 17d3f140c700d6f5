import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Module } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { pino } from 'pino';
import {
  ALL_EVENTS,
  catalogRequests,
  directoriesRequests,
  DomainError,
  feedsRequests,
  isDomainError,
  type Podcast,
  type PodcastRole,
} from '@castbase/contracts';
import { InProcessBus, MessageBus, MessagingModule } from '@castbase/platform-messaging';
import {
  migrateServiceDatabase,
  openServiceDatabase,
  PersistenceModule,
} from '@castbase/platform-persistence';
import { createTestDatabase, type TestDatabase } from '@castbase/platform-testing';
import { feedsDatabase } from '../feeds-database.js';
import { aPodcast } from '../testing/feed-fixtures.js';
import { DirectoryReadiness } from './directory-readiness.js';
import { DirectoryStatusEntity } from './directory-status.entity.js';
import { DirectoryStatusChanges } from './directory-status-changes.js';
import { DirectoryStatusRepository } from './directory-status.repository.js';
import { ListDirectoryChecksHandler } from './list-directory-checks.handler.js';
import { RecordDirectoryStatusHandler } from './record-directory-status.handler.js';
import { RecordDirectorySubmissionHandler } from './record-directory-submission.handler.js';

const requestHandlers = [
  ListDirectoryChecksHandler,
  RecordDirectorySubmissionHandler,
  RecordDirectoryStatusHandler,
];

/** The directory part of the feeds service on its own schema: the handlers, their repository and the migrations. */
@Module({
  imports: [
    PersistenceModule.forService(feedsDatabase),
    MessagingModule.forService({ service: 'feeds', requestHandlers, eventHandlers: [] }),
  ],
  providers: [DirectoryStatusRepository, DirectoryStatusChanges, DirectoryReadiness, ...requestHandlers],
})
class DirectoriesUnderTest {}

/** What the catalog knows in this test: podcasts with their feed episode count, and who has which role. */
const podcasts = new Map<string, { podcast: Podcast; feedEpisodeCount: number }>();
const roles = new Map<string, PodcastRole>();
/** Podcasts whose feed has been generated (the feeds service's own status request answers for them). */
const generatedFeeds = new Set<string>();

async function codeOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (isDomainError(error)) return error.code;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('directory readiness on PostgreSQL and the bus', () => {
  let database: TestDatabase;
  let app: TestingModule;
  let bus: MessageBus;

  function aCatalogPodcast(ownerId: string, overrides: Partial<Podcast>, feedEpisodeCount: number): Podcast {
    const podcast = aPodcast({
      id: randomUUID(),
      ownerId,
      artworkUrl: 'https://castbase.example/storage/art.jpg',
      email: 'ada@example.com',
      ...overrides,
    });
    podcasts.set(podcast.id, { podcast, feedEpisodeCount });
    roles.set(`${ownerId}:${podcast.id}`, 'owner');
    generatedFeeds.add(podcast.id);
    return podcast;
  }

  const storedRows = (podcastId: string) =>
    app
      .select(DirectoriesUnderTest)
      .get(EntityManager)
      .getConnection()
      .execute<Array<Record<string, unknown>>>(
        'select directory_id, status, submitted_at, last_checked from feeds.directory_statuses where podcast_id = ? order by directory_id',
        [podcastId],
      );
  /** The `feeds.feed.flagged` events written for a podcast, oldest first (the creators' 'RSS feed updates'). */
  const flaggedEvents = async (podcastId: string) =>
    (
      await app
        .select(DirectoriesUnderTest)
        .get(EntityManager)
        .getConnection()
        .execute<Array<{ payload: { attention: unknown } }>>(
          `select payload from feeds.outbox_messages where subject like '%feeds.feed.flagged' and payload->>'podcastId' = ? order by occurred_at, id`,
          [podcastId],
        )
    ).map((row) => row.payload.attention);

  beforeAll(async () => {
    database = await createTestDatabase('cbtest_feeds_directories');
    app = await Test.createTestingModule({
      imports: [
        PersistenceModule.forRoot({ url: database.url, poolMax: 4, migrateOnStart: true }),
        MessagingModule.forRoot({
          bus: () => new InProcessBus({ events: ALL_EVENTS, logger: pino({ level: 'silent' }) }),
        }),
        DirectoriesUnderTest,
      ],
    }).compile();
    await app.init();
    bus = app.get(MessageBus);
    await bus.respond(
      catalogRequests.resolveAccess,
      (request) => {
        const podcastId = 'podcastId' in request ? request.podcastId : '';
        const role = roles.get(`${request.userId}:${podcastId}`);
        if (!role) throw new DomainError('PODCAST_NOT_FOUND');
        return { podcastId, role };
      },
      { queue: 'catalog' },
    );
    await bus.respond(
      catalogRequests.getFeedSource,
      ({ podcastId }) => {
        const source = podcasts.get(podcastId);
        if (!source) throw new DomainError('PODCAST_NOT_FOUND');
        return { ...source, trailers: [] };
      },
      { queue: 'catalog' },
    );
    await bus.respond(
      feedsRequests.getFeedStatus,
      ({ podcastId }) => {
        if (!generatedFeeds.has(podcastId)) throw new DomainError('FEED_NOT_FOUND');
        const now = new Date().toISOString();
        const url = `https://castbase.example/feeds/ada/${podcastId}.xml`;
        return {
          podcastId,
          url,
          urls: { main: url, recent: url, preview: url, archives: [], full: null },
          episodeCount: 1,
          feedEpisodeCount: 1,
          generatedAt: now,
          metadataUpdatedAt: now,
          needsUpdate: false,
          sizeBytes: 100,
          sizeProblem: null,
          validation: { valid: true, score: 100, errors: [], warnings: [] },
          private: false,
        };
      },
      { queue: 'feeds-status' },
    );
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('reports a new podcast without artwork or episodes as not ready anywhere, and nothing as submitted', async () => {
    const owner = `owner-${randomUUID()}`;
    const podcast = aCatalogPodcast(owner, { artworkUrl: null }, 0);

    const checks = await bus.request(directoriesRequests.listDirectoryChecks, {
      userId: owner,
      podcastId: podcast.id,
    });

    expect(checks.publishedEpisodeCount).toBe(0);
    expect(checks.items.map((item) => [item.name, item.ready, item.status])).toEqual([
      ['Podcast Index', false, 'not_submitted'],
      ['Apple Podcasts', false, 'not_submitted'],
      ['Spotify', false, 'not_submitted'],
      ['Amazon Music', false, 'not_submitted'],
      ['YouTube Music', false, 'not_submitted'],
    ]);
    expect(checks.items[1]!.issues.map((issue) => issue.message)).toEqual([
      'Upload podcast artwork (1400x1400 minimum)',
      'Publish at least one episode',
    ]);
    expect(checks.items[0]!.warnings).toEqual([]);
  });

  it('warns "Generate RSS feed" while the podcast has no generated feed', async () => {
    const owner = `owner-${randomUUID()}`;
    const podcast = aCatalogPodcast(owner, {}, 2);
    generatedFeeds.delete(podcast.id);

    const checks = await bus.request(directoriesRequests.listDirectoryChecks, {
      userId: owner,
      podcastId: podcast.id,
    });

    expect(checks.items.every((item) => item.ready)).toBe(true);
    expect(checks.items[0]!.warnings.map((warning) => warning.message)).toEqual(['Generate RSS feed']);
  });

  it('stores a submission as submitted with its time, and the answer the owner records after it', async () => {
    const owner = `owner-${randomUUID()}`;
    const podcast = aCatalogPodcast(owner, {}, 1);
    const before = Date.now();

    const submitted = await bus.request(directoriesRequests.recordDirectorySubmission, {
      userId: owner,
      podcastId: podcast.id,
      directoryId: 'spotify',
    });
    expect(submitted.status).toBe('submitted');
    expect(Date.parse(submitted.submittedAt!)).toBeGreaterThanOrEqual(before - 1000);
    const [row] = await storedRows(podcast.id);
    expect(row).toMatchObject({ directory_id: 'spotify', status: 'submitted' });
    expect(new Date(row!['submitted_at'] as string).toISOString()).toBe(submitted.submittedAt);

    const approved = await bus.request(directoriesRequests.recordDirectoryStatus, {
      userId: owner,
      podcastId: podcast.id,
      directoryId: 'spotify',
      status: 'approved',
    });
    expect(approved).toMatchObject({ status: 'approved', submittedAt: submitted.submittedAt });

    const listed = await bus.request(directoriesRequests.listDirectoryChecks, {
      userId: owner,
      podcastId: podcast.id,
    });
    expect(listed.items.find((item) => item.id === 'spotify')).toMatchObject({
      status: 'approved',
      submittedAt: submitted.submittedAt,
      lastChecked: approved.lastChecked,
    });
    expect(listed.items.filter((item) => item.status !== 'not_submitted')).toHaveLength(1);

    // Each change of status is told once, in the transaction that stored it; the same answer again tells nothing.
    await bus.request(directoriesRequests.recordDirectoryStatus, {
      userId: owner,
      podcastId: podcast.id,
      directoryId: 'spotify',
      status: 'approved',
    });
    expect(await flaggedEvents(podcast.id)).toEqual([
      { kind: 'directory', directoryId: 'spotify', from: 'not_submitted', to: 'submitted' },
      { kind: 'directory', directoryId: 'spotify', from: 'submitted', to: 'approved' },
    ]);
  });

  it('refuses a submission to a directory that already approved the podcast, or while it is not ready', async () => {
    const owner = `owner-${randomUUID()}`;
    const ready = aCatalogPodcast(owner, {}, 1);
    await bus.request(directoriesRequests.recordDirectoryStatus, {
      userId: owner,
      podcastId: ready.id,
      directoryId: 'apple-podcasts',
      status: 'approved',
    });
    expect(
      await codeOf(
        bus.request(directoriesRequests.recordDirectorySubmission, {
          userId: owner,
          podcastId: ready.id,
          directoryId: 'apple-podcasts',
        }),
      ),
    ).toBe('DIRECTORY_ALREADY_APPROVED');

    const notReady = aCatalogPodcast(owner, { artworkUrl: null }, 1);
    expect(
      await codeOf(
        bus.request(directoriesRequests.recordDirectorySubmission, {
          userId: owner,
          podcastId: notReady.id,
          directoryId: 'podcast-index',
        }),
      ),
    ).toBe('DIRECTORY_NOT_READY');
    expect(await storedRows(notReady.id)).toEqual([]);
  });

  it("answers another owner's podcast with 404 PODCAST_NOT_FOUND and stores nothing for them", async () => {
    const owner = `owner-${randomUUID()}`;
    const stranger = `owner-${randomUUID()}`;
    const podcast = aCatalogPodcast(owner, {}, 1);

    expect(
      await codeOf(
        bus.request(directoriesRequests.listDirectoryChecks, { userId: stranger, podcastId: podcast.id }),
      ),
    ).toBe('PODCAST_NOT_FOUND');
    expect(
      await codeOf(
        bus.request(directoriesRequests.recordDirectorySubmission, {
          userId: stranger,
          podcastId: podcast.id,
          directoryId: 'spotify',
        }),
      ),
    ).toBe('PODCAST_NOT_FOUND');
    expect(
      await codeOf(
        bus.request(directoriesRequests.recordDirectoryStatus, {
          userId: stranger,
          podcastId: podcast.id,
          directoryId: 'spotify',
          status: 'delisted',
        }),
      ),
    ).toBe('PODCAST_NOT_FOUND');
    expect(await storedRows(podcast.id)).toEqual([]);
  });

  it('lets a viewer read the checks but not record a submission or an answer', async () => {
    const owner = `owner-${randomUUID()}`;
    const viewer = `viewer-${randomUUID()}`;
    const podcast = aCatalogPodcast(owner, {}, 1);
    roles.set(`${viewer}:${podcast.id}`, 'viewer');

    const checks = await bus.request(directoriesRequests.listDirectoryChecks, {
      userId: viewer,
      podcastId: podcast.id,
    });
    expect(checks.items).toHaveLength(5);
    expect(
      await codeOf(
        bus.request(directoriesRequests.recordDirectorySubmission, {
          userId: viewer,
          podcastId: podcast.id,
          directoryId: 'spotify',
        }),
      ),
    ).toBe('PODCAST_ROLE_FORBIDDEN');
    expect(await storedRows(podcast.id)).toEqual([]);
  });

  it('refuses an answer that is not one a directory gives, and an unknown directory, before any work', async () => {
    const owner = `owner-${randomUUID()}`;
    const podcast = aCatalogPodcast(owner, {}, 1);
    const invalid = [
      { userId: owner, podcastId: podcast.id, directoryId: 'spotify', status: 'submitted' },
      { userId: owner, podcastId: podcast.id, directoryId: 'myspace', status: 'approved' },
    ];
    for (const request of invalid) {
      expect(await codeOf(bus.request(directoriesRequests.recordDirectoryStatus, request as never))).toBe(
        'VALIDATION_FAILED',
      );
    }
  });
});

describe('the directory_statuses migration', () => {
  it('creates exactly the table the entity describes', async () => {
    const database = await createTestDatabase('cbtest_feeds_directories_schema');
    const definition = {
      service: 'feeds',
      entities: [DirectoryStatusEntity],
      migrations: feedsDatabase.migrations,
    };
    const orm = await openServiceDatabase(definition, { url: database.url, poolMax: 2 });
    try {
      await migrateServiceDatabase(orm, 'feeds');
      const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false, dropTables: false, schema: 'feeds' });
      // Only this table's entity is loaded, so only statements about it matter (other tables' keys would show up).
      const aboutThisTable = diff.split('\n').filter((statement) => statement.includes('directory_statuses'));
      expect(aboutThisTable).toEqual([]);
    } finally {
      await orm.close();
      await database.drop();
    }
  });
});
