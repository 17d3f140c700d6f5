import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EntityManager } from '@mikro-orm/postgresql';
import { Global, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { pino } from 'pino';
import {
  ALL_EVENTS,
  catalogEvents,
  catalogRequests,
  DomainError,
  type EventDefinition,
  type EventEnvelope,
  defaultPodcastChannelFields,
  type PayloadOf,
  type Episode,
  type Podcast,
  type PodcastRole,
  type StoredEpisodeMedia,
} from '@castbase/contracts';
import { APP_CONFIG } from '@castbase/platform-config';
import { InProcessBus, MessageBus, MessagingModule } from '@castbase/platform-messaging';
import { PersistenceModule } from '@castbase/platform-persistence';
import { ObjectStorage, testStorageModule } from '@castbase/platform-storage';
import { HttpErrorFilter, StorageDeliveryLog } from '@castbase/platform-runtime';
import { createTestDatabase, freePort, waitFor } from '@castbase/platform-testing';
import { AnalyticsModule } from '../analytics.module.js';
import { DownloadCounter } from '../counting/download-counter.js';
import { DownloadWriter } from '../downloads/download-writer.js';

type EpisodePublished = PayloadOf<typeof catalogEvents.episodePublished>;

/** Where the test app's storage serves public keys from: a listener is sent to `${MEDIA_ORIGIN}/storage/<key>`. */
export const MEDIA_ORIGIN = 'https://media.example.com';

export function mediaAt(storageKey: string): StoredEpisodeMedia {
  return {
    mediaId: randomUUID(),
    fileName: 'episode.mp3',
    mimeType: 'audio/mpeg',
    sizeBytes: 1000,
    durationSeconds: 3,
    storageKey,
  };
}

/**
 * The analytics service on a fresh database and an in-process bus carrying every event of the product, serving
 * `/e/...` as behind the ingress (the listener's address from X-Forwarded-For). With `servesMedia`, it also listens on
 * a real HTTP server at `baseUrl` whose filesystem storage serves the media at `${baseUrl}/storage/<key>` and
 * reports what it sends (`storage.object.delivered`), as a Castbase process does.
 */
export async function startAnalyticsTestApp(
  databasePrefix: string,
  { servesMedia = false }: { servesMedia?: boolean } = {},
) {
  const database = await createTestDatabase(databasePrefix);
  const silent = pino({ level: 'silent' });
  const workDir = await mkdtemp(join(tmpdir(), 'castbase-analytics-test-'));
  const spillDirectory = join(workDir, 'analytics-spill');
  const port = servesMedia ? await freePort() : undefined;
  const baseUrl = port === undefined ? MEDIA_ORIGIN : `http://127.0.0.1:${port}`;

  @Global()
  @Module({
    providers: [
      {
        provide: APP_CONFIG,
        useValue: {
          STORAGE_DIR: join(workDir, 'storage'),
          ANALYTICS_SPILL_DIR: spillDirectory,
          ANALYTICS_WRITE_TIMEOUT_MS: 1000,
          ANALYTICS_COUNT_SETTLE_MS: 30_000,
        },
      },
    ],
    exports: [APP_CONFIG],
  })
  class TestConfigModule {}

  @Module({
    imports: [
      TestConfigModule,
      PersistenceModule.forRoot({ url: database.url, poolMax: 4, migrateOnStart: true }),
      MessagingModule.forRoot({ bus: () => new InProcessBus({ events: ALL_EVENTS, logger: silent }) }),
      servesMedia
        ? testStorageModule(baseUrl, { deliveryReporter: StorageDeliveryLog })
        : testStorageModule(MEDIA_ORIGIN),
      AnalyticsModule,
    ],
  })
  class TestAppModule {}

  const app = await NestFactory.create<NestExpressApplication>(TestAppModule, { logger: false });
  app.set('trust proxy', true);
  // Every Castbase process answers errors through the runtime's filter; the tests mount the same one.
  app.useGlobalFilters(new HttpErrorFilter());
  if (port === undefined) await app.init();
  else await app.listen(port, '127.0.0.1');
  const bus = app.get(MessageBus);

  /** Contributors' roles: podcast id → user id → role. */
  const contributorRoles = new Map<string, Map<string, PodcastRole>>();
  /**
   * The catalog's side of `catalog.podcast.get` for the podcasts' owners and, as the catalog answers it, anyone given a
   * role in `contributorRoles`: every podcast of `publishedEpisode` is public unless a test makes it private
   * here; one marked deleted is PODCAST_NOT_FOUND.
   */
  const catalogPodcasts = new Map<string, { ownerId: string; privateToken: string | null }>();
  await bus.respond(
    catalogRequests.getPodcast,
    ({ userId, podcastId }) => {
      const podcast = catalogPodcasts.get(podcastId);
      const allowed = podcast?.ownerId === userId || contributorRoles.get(podcastId)?.has(userId);
      if (!podcast || !allowed) throw new DomainError('PODCAST_NOT_FOUND');
      return aCatalogPodcast(podcastId, podcast.ownerId, podcast.privateToken);
    },
    { queue: 'catalog' },
  );

  /**
   * The catalog's side of `catalog.access.resolve`: a podcast's owner (from `catalogPodcasts`) or a contributor given a
   * role in `contributorRoles` (podcast id → user id → role); anyone else is PODCAST_NOT_FOUND (EPISODE_NOT_FOUND when
   * asked by episode, for the episodes of `publishedEpisode`).
   */
  const episodePodcasts = new Map<string, string>();
  await bus.respond(
    catalogRequests.resolveAccess,
    (request) => {
      const podcastId = 'podcastId' in request ? request.podcastId : episodePodcasts.get(request.episodeId);
      const podcast = podcastId === undefined ? undefined : catalogPodcasts.get(podcastId);
      const role: PodcastRole | undefined =
        podcast?.ownerId === request.userId
          ? 'owner'
          : contributorRoles.get(podcastId ?? '')?.get(request.userId);
      if (podcastId === undefined || !podcast || !role)
        throw new DomainError('podcastId' in request ? 'PODCAST_NOT_FOUND' : 'EPISODE_NOT_FOUND');
      return { podcastId, role };
    },
    { queue: 'catalog' },
  );

  /** The catalog's episodes (`catalog.episode.get`, for anyone with a role on their podcast). */
  const catalogEpisodes = new Map<string, Episode>();
  await bus.respond(
    catalogRequests.getEpisode,
    ({ userId, episodeId }) => {
      const episode = catalogEpisodes.get(episodeId);
      const podcast = episode && catalogPodcasts.get(episode.podcastId);
      const allowed =
        podcast && (podcast.ownerId === userId || contributorRoles.get(episode.podcastId)?.has(userId));
      if (!episode || !allowed) throw new DomainError('EPISODE_NOT_FOUND');
      return episode;
    },
    { queue: 'catalog' },
  );

  const writer = app.get(DownloadWriter);
  /**
   * Resolves once every download the redirect has answered is in PostgreSQL: the 302 goes once the row is in the
   * journal, and PostgreSQL gets it a moment later.
   */
  const recorded = () => writer.flush();

  /** Reads the database once every download answered so far is in it. */
  const rows = async (sql: string, parameters: unknown[] = []) => {
    await recorded();
    return app
      .select(AnalyticsModule)
      .get(EntityManager)
      .getConnection()
      .execute<Array<Record<string, unknown>>>(sql, parameters);
  };

  /** Counts every download answered so far, as the counter's job will once they have settled. */
  const countDownloads = async () => {
    await recorded();
    await app.get(DownloadCounter).countNow({ settleMs: 0 });
  };

  /** Publishes an event on the bus and waits until analytics has processed it. */
  async function deliver<D extends EventDefinition>(definition: D, payload: PayloadOf<D>): Promise<void> {
    const id = randomUUID();
    await bus.publish({ id, subject: definition.subject, occurredAt: new Date().toISOString(), payload });
    await waitFor(`${definition.subject} to be processed`, async () => {
      const processed = await rows('select 1 from analytics.processed_events where event_id = ?', [id]);
      return processed.length === 1;
    });
  }

  /** Publishes `catalog.episode.published` and waits until the analytics handler has applied it. */
  const publish = (event: Omit<EpisodePublished, 'publishedAt'>) =>
    deliver(catalogEvents.episodePublished, { ...event, publishedAt: new Date().toISOString() });

  /**
   * An episode of `ownerId` published with media (of the size and length `file` says, 1000 bytes and 3 s otherwise),
   * the URL its media is at, and the enclosure path feeds point at.
   */
  async function publishedEpisode(
    mediaKey?: string,
    ownerId = 'owner-a',
    file: Partial<Pick<StoredEpisodeMedia, 'sizeBytes' | 'durationSeconds'>> = {},
  ) {
    mediaKey ??= `public/media/${ownerId}/${randomUUID()}/episode.mp3`;
    const episode = { episodeId: randomUUID(), podcastId: randomUUID(), ownerId };
    catalogPodcasts.set(episode.podcastId, { ownerId, privateToken: null });
    episodePodcasts.set(episode.episodeId, episode.podcastId);
    const media = { ...mediaAt(mediaKey), ...file };
    const catalogEpisode = aCatalogEpisode(episode, media);
    catalogEpisodes.set(episode.episodeId, catalogEpisode);
    await publish({ ...episode, title: catalogEpisode.title, media });
    const mediaUrl = app.get(ObjectStorage).publicUrl(mediaKey);
    return { ...episode, mediaUrl, path: `/e/${episode.podcastId}/${episode.episodeId}/episode.mp3` };
  }

  /** Starts collecting the events of `definition` that reach a consumer of this test. */
  async function collectEvents<D extends EventDefinition>(definition: D) {
    const received: Array<EventEnvelope<PayloadOf<D>>> = [];
    await bus.consume(`analytics-spec-${randomUUID()}`, [definition], async (envelope) => {
      received.push(envelope);
    });
    return received;
  }

  async function close(): Promise<void> {
    await app.close();
    await database.drop();
    await rm(workDir, { recursive: true, force: true });
  }

  return {
    app,
    bus,
    rows,
    recorded,
    countDownloads,
    baseUrl,
    databaseUrl: database.url,
    spillDirectory,
    deliver,
    publish,
    publishedEpisode,
    collectEvents,
    catalogPodcasts,
    contributorRoles,
    catalogEpisodes,
    close,
  };
}

export type AnalyticsTestApp = Awaited<ReturnType<typeof startAnalyticsTestApp>>;

/** A published episode as the catalog answers it. */
export function aCatalogEpisode(
  episode: { episodeId: string; podcastId: string; ownerId: string },
  media: StoredEpisodeMedia,
): Episode {
  const now = new Date().toISOString();
  return {
    id: episode.episodeId,
    podcastId: episode.podcastId,
    ownerId: episode.ownerId,
    title: `Episode ${episode.episodeId.slice(0, 8)}`,
    description: '',
    status: 'published',
    episodeType: 'full',
    explicit: false,
    seasonNumber: null,
    episodeNumber: null,
    guid: `castbase-${episode.episodeId}`,
    media: { ...media, url: `${MEDIA_ORIGIN}/storage/${media.storageKey}` },
    durationSeconds: media.durationSeconds,
    artworkMediaId: null,
    artworkUrl: null,
    tags: [],
    enableRss: true,
    enableVideo: false,
    podcastBlock: false,
    transcripts: [],
    chapters: [],
    soundbites: [],
    persons: [],
    value: null,
    location: null,
    funding: [],
    license: null,
    alternateEnclosures: [],
    plays: 0,
    publishDate: now,
    scheduledReleaseDate: null,
    revision: 1,
    createdAt: now,
    updatedAt: now,
  };
}

/** A podcast as the catalog answers it to its owner: public, or private with its token. */
function aCatalogPodcast(id: string, ownerId: string, privateToken: string | null): Podcast {
  return {
    ...defaultPodcastChannelFields(),
    id,
    ownerId,
    ownerUsername: null,
    name: 'A show',
    slug: 'a-show',
    description: '',
    language: 'en',
    category: 'Technology',
    author: '',
    coHosts: [],
    explicit: false,
    type: 'episodic',
    visibility: privateToken ? 'private' : 'public',
    artworkUrl: null,
    artworkMediaId: null,
    audioBitrateKbps: null,
    tags: [],
    websiteUrl: '',
    email: '',
    ownerName: '',
    ownerEmail: '',
    copyright: '',
    fundingLinks: [],
    socialLinks: [],
    podcastGuid: randomUUID(),
    podcastLocked: false,
    podcastMedium: 'podcast',
    podcastPersons: [],
    lightningAddress: '',
    valueEnabled: false,
    privateAccessToken: privateToken,
    role: 'owner',
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  };
}
