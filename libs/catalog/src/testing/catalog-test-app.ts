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
  mediaRequests,
  userDataErasedEvents,
  type CreateEpisodeInput,
  type CreatePodcastInput,
  type InviteRole,
  type EventEnvelope,
  type MediaFile,
  type MediaKind,
  type PayloadOf,
  READY_WITHOUT_OUTPUTS,
} from '@castbase/contracts';
import { APP_CONFIG } from '@castbase/platform-config';
import { InProcessBus, MessageBus, MessagingModule, newEventId } from '@castbase/platform-messaging';
import { PersistenceModule } from '@castbase/platform-persistence';
import { testStorageModule } from '@castbase/platform-storage';
import { createTestDatabase, waitFor, type TestDatabase } from '@castbase/platform-testing';
import { CatalogModule } from '../catalog.module.js';

type PodcastCreated = EventEnvelope<PayloadOf<typeof catalogEvents.podcastCreated>>;
type PodcastDeleted = EventEnvelope<PayloadOf<typeof catalogEvents.podcastDeleted>>;
type PodcastUpdated = EventEnvelope<PayloadOf<typeof catalogEvents.podcastUpdated>>;
type ContributorInvited = EventEnvelope<PayloadOf<typeof catalogEvents.contributorInvited>>;
type CatalogErased = EventEnvelope<PayloadOf<typeof userDataErasedEvents.catalog>>;

/** How the fake media service describes a stored file of each kind. */
const MEDIA_FILE_SAMPLES: Record<
  MediaKind,
  Pick<MediaFile, 'fileName' | 'mimeType' | 'durationSeconds' | 'bitrate' | 'width' | 'height'>
> = {
  audio: {
    fileName: 'episode-1.mp3',
    mimeType: 'audio/mpeg',
    durationSeconds: 3,
    bitrate: 128_000,
    width: null,
    height: null,
  },
  video: {
    fileName: 'episode-1.mp4',
    mimeType: 'video/mp4',
    durationSeconds: 3,
    bitrate: 900_000,
    width: 1280,
    height: 720,
  },
  image: {
    fileName: 'cover.png',
    mimeType: 'image/png',
    durationSeconds: 0,
    bitrate: null,
    width: 3000,
    height: 3000,
  },
  text: {
    fileName: 'captions.vtt',
    mimeType: 'text/vtt',
    durationSeconds: 0,
    bitrate: null,
    width: null,
    height: null,
  },
};

const MEDIA_FILE_ORIGINS: Record<MediaKind, Pick<MediaFile, 'purpose' | 'format'>> = {
  audio: { purpose: 'episode-media', format: 'mp3' },
  video: { purpose: 'episode-media', format: 'mp4' },
  image: { purpose: 'podcast-art', format: 'png' },
  text: { purpose: 'transcript', format: 'vtt' },
};

/** The address the test catalog is reached at: podcast:guid is made from feed URLs under it. */
export const CATALOG_TEST_PUBLIC_URL = 'https://podcasts.example.test';

/** The process's configuration as the runtime module provides it, with only what the catalog reads. */
@Global()
@Module({
  providers: [{ provide: APP_CONFIG, useValue: { PUBLIC_URL: CATALOG_TEST_PUBLIC_URL } }],
  exports: [APP_CONFIG],
})
export class CatalogTestConfigModule {}

/**
 * The catalog service on a fresh database and an in-process bus, asked over the bus as the gateway asks, with the
 * media service's side of `media.file.get` played by a fake that answers only for the caller's own files.
 */
export async function startCatalogTestApp() {
  /** What the fake media service knows, by media id. */
  const mediaFiles = new Map<string, MediaFile>();
  const podcastCreatedEvents: PodcastCreated[] = [];
  const podcastDeletedEvents: PodcastDeleted[] = [];
  const podcastUpdatedEvents: PodcastUpdated[] = [];
  const contributorInvitedEvents: ContributorInvited[] = [];
  const erasureReports: CatalogErased[] = [];

  /** Each test works for owners of its own, so tests never see each other's podcasts. */
  const newOwner = () => `owner-${randomUUID()}`;

  /** As the gateway asks: with the owner's e-mail when the profile or the token has one. */
  const createPodcast = (ownerId: string, input: CreatePodcastInput, ownerEmail: string | null = null) =>
    bus.request(catalogRequests.createPodcast, { ownerId, ownerUsername: null, ownerEmail, input });
  /** `userId` is whoever acts: the owner or a contributor. */
  const createEpisode = (userId: string, podcastId: string, input: CreateEpisodeInput) =>
    bus.request(catalogRequests.createEpisode, { userId, podcastId, input });
  const publishEpisode = (userId: string, episodeId: string) =>
    bus.request(catalogRequests.publishEpisode, { userId, episodeId });

  /** What the gateway asks when a person signs in (the web app lists their podcasts first). */
  const signIn = (userId: string, email: string | null) =>
    bus.request(catalogRequests.listPodcasts, { userId, email });

  /**
   * A new person with `role` on the owner's podcast: invited by e-mail, then seen signed in. Answers their user id,
   * e-mail and contributor row.
   */
  async function addContributor(ownerId: string, podcastId: string, role: InviteRole) {
    const userId = `contributor-${randomUUID()}`;
    const email = `${userId}@example.org`;
    const invitation = await bus.request(catalogRequests.inviteContributor, {
      userId: ownerId,
      podcastId,
      input: { email, role },
    });
    await signIn(userId, email);
    return { userId, email, contributorId: invitation.id };
  }

  const rows = (sql: string, parameters: unknown[] = []) =>
    catalog
      .select(CatalogModule)
      .get(EntityManager)
      .getConnection()
      .execute<Array<Record<string, unknown>>>(sql, parameters);
  /** A timestamptz column as the ISO string the contracts carry (millisecond precision, as JavaScript writes it). */
  const isoTimestamp = (column: string) =>
    `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${column}`;
  const outboxRows = (subject: string, key: 'podcastId' | 'episodeId', id: string) =>
    rows(
      `select payload, xmin::text as transaction_id, published_at
         from catalog.outbox_messages where subject = ? and payload->>'${key}' = ?`,
      [subject, id],
    );

  /** A file of `kind` the media service has stored for `ownerId`. */
  function storedMediaFile(ownerId: string, kind: MediaKind = 'audio'): MediaFile {
    const id = randomUUID();
    const sample = MEDIA_FILE_SAMPLES[kind];
    const storageKey = `public/media/${ownerId}/${id}/${sample.fileName}`;
    const file: MediaFile = {
      id,
      ownerId,
      kind,
      ...MEDIA_FILE_ORIGINS[kind],
      podcastId: null,
      ...READY_WITHOUT_OUTPUTS,
      ...sample,
      sizeBytes: 48_000,
      url: `http://127.0.0.1/storage/${storageKey}`,
      storageKey,
      createdAt: new Date().toISOString(),
    };
    mediaFiles.set(id, file);
    return file;
  }

  /** What identity publishes when a user confirms account deletion; answers the deletion id. */
  async function requestDeletion(userId: string): Promise<string> {
    const deletionId = randomUUID();
    const requestedAt = new Date();
    await bus.publish({
      id: newEventId(requestedAt.getTime()),
      subject: identityEvents.userDeletionRequested.subject,
      occurredAt: requestedAt.toISOString(),
      payload: { deletionId, userId, requestedAt: requestedAt.toISOString() },
    });
    return deletionId;
  }

  /** What identity publishes when a user saves a new username; answers the envelope. */
  async function changeUsername(userId: string, username: string, previousUsername: string) {
    const envelope = {
      id: newEventId(),
      subject: identityEvents.usernameChanged.subject,
      occurredAt: new Date().toISOString(),
      payload: { userId, username, previousUsername },
    };
    await bus.publish(envelope);
    return envelope;
  }

  /** Resolves once the catalog's consumer has handled (or skipped as a repeat) the event. */
  const processed = (envelope: { id: string }) =>
    waitFor(`the catalog to process event ${envelope.id}`, async () => {
      const found = await rows(
        `select 1 from catalog.processed_events where consumer = 'catalog' and event_id = ?`,
        [envelope.id],
      );
      return found.length === 1;
    });

  async function podcastWithEpisode(options: { withMedia: boolean }) {
    const ownerId = newOwner();
    const podcast = await createPodcast(ownerId, { name: 'Episodes Show' });
    const media = options.withMedia ? storedMediaFile(ownerId) : undefined;
    const episode = await createEpisode(ownerId, podcast.id, { title: 'Pilot', mediaId: media?.id });
    return { ownerId, podcast, episode, media };
  }

  const database: TestDatabase = await createTestDatabase('cbtest_catalog');
  const silent = pino({ level: 'silent' });
  const catalog: TestingModule = await Test.createTestingModule({
    imports: [
      CatalogTestConfigModule,
      PersistenceModule.forRoot({ url: database.url, poolMax: 4, migrateOnStart: true }),
      MessagingModule.forRoot({ bus: () => new InProcessBus({ events: ALL_EVENTS, logger: silent }) }),
      testStorageModule(),
      CatalogModule,
    ],
  }).compile();
  await catalog.init();
  const bus = catalog.get(MessageBus);

  // The media service's side of `media.file.get`: it answers only for the caller's own files.
  await bus.respond(
    mediaRequests.getFile,
    ({ ownerId, mediaId }) => {
      const file = mediaFiles.get(mediaId);
      if (!file || file.ownerId !== ownerId) throw new DomainError('MEDIA_NOT_FOUND');
      return file;
    },
    { queue: 'media' },
  );
  await bus.consume('catalog-spec', [catalogEvents.podcastCreated], async (envelope) => {
    podcastCreatedEvents.push(envelope);
  });
  await bus.consume('catalog-spec-deleted', [catalogEvents.podcastDeleted], async (envelope) => {
    podcastDeletedEvents.push(envelope);
  });
  await bus.consume('catalog-spec-updated', [catalogEvents.podcastUpdated], async (envelope) => {
    podcastUpdatedEvents.push(envelope);
  });
  await bus.consume('catalog-spec-invited', [catalogEvents.contributorInvited], async (envelope) => {
    contributorInvitedEvents.push(envelope);
  });
  await bus.consume('identity', [userDataErasedEvents.catalog], async (envelope) => {
    erasureReports.push(envelope);
  });

  return {
    bus,
    catalog,
    podcastCreatedEvents,
    podcastDeletedEvents,
    podcastUpdatedEvents,
    contributorInvitedEvents,
    erasureReports,
    newOwner,
    createPodcast,
    createEpisode,
    publishEpisode,
    signIn,
    addContributor,
    rows,
    /** The test database, for a second catalog replica on it. */
    databaseUrl: database.url,
    isoTimestamp,
    outboxRows,
    storedMediaFile,
    podcastWithEpisode,
    requestDeletion,
    changeUsername,
    processed,
    async stop() {
      await catalog.close();
      await database.drop();
    },
  };
}

export type CatalogTestApp = Awaited<ReturnType<typeof startCatalogTestApp>>;
