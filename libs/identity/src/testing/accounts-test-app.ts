import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Test, type TestingModule } from '@nestjs/testing';
import { pino } from 'pino';
import {
  ALL_EVENTS,
  DomainError,
  feedsEvents,
  identityEvents,
  identityRequests,
  mediaRequests,
  userDataErasedEvents,
  type CreateProfileInput,
  type ErasingService,
  type EventDefinition,
  type EventEnvelope,
  type MediaFile,
  type PayloadOf,
  READY_WITHOUT_OUTPUTS,
} from '@castbase/contracts';
import { InProcessBus, MessageBus, MessagingModule, newEventId } from '@castbase/platform-messaging';
import { PersistenceModule } from '@castbase/platform-persistence';
import { testStorageModule } from '@castbase/platform-storage';
import {
  createTestDatabase,
  findRowsMentioning,
  waitFor,
  type TestDatabase,
} from '@castbase/platform-testing';
import { DeletionConfirmationWindow } from '../deletion/deletion-confirmation-window.js';
import { IdentityModule } from '../identity.module.js';

type DeletionRequested = EventEnvelope<PayloadOf<typeof identityEvents.userDeletionRequested>>;

export interface AccountsTestAppOptions {
  /** The deletion confirmation window; long by default, so only the tests about "partial" see it pass. */
  confirmationWindowMs?: number;
}

/**
 * The identity service on a fresh database and an in-process bus, asked over the bus as the gateway asks. The
 * media service's `media.file.get`/`media.file.delete` are played by a fake that knows only each owner's own
 * files, and the other services' part of a deletion is played on demand by `startErasingService`.
 */
export async function startAccountsTestApp(options: AccountsTestAppOptions = {}) {
  const mediaFiles = new Map<string, MediaFile>();
  const deletedMediaIds: string[] = [];
  const deletionRequests: DeletionRequested[] = [];

  const newUser = () => `user-${randomUUID()}`;
  /** A username no other test uses (the onboarding rule: letters, digits, underscore, 3–30). */
  const newUsername = (prefix = 'creator') => `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;

  const createProfile = (
    userId: string,
    input: Partial<CreateProfileInput> = {},
    tokenEmail: string | null = null,
  ) =>
    bus.request(identityRequests.createProfile, {
      userId,
      tokenEmail,
      input: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        username: newUsername(),
        timezone: 'Europe/London',
        email: 'ada@example.com',
        ...input,
      },
    });

  function storedFile(ownerId: string, kind: MediaFile['kind']): MediaFile {
    const id = randomUUID();
    const storageKey = `public/media/${ownerId}/${id}/${kind === 'image' ? 'avatar.png' : 'episode.mp3'}`;
    const file: MediaFile = {
      id,
      ownerId,
      kind,
      purpose: kind === 'image' ? 'avatar' : 'episode-media',
      podcastId: null,
      format: kind === 'image' ? 'png' : 'mp3',
      ...READY_WITHOUT_OUTPUTS,
      fileName: kind === 'image' ? 'avatar.png' : 'episode.mp3',
      mimeType: kind === 'image' ? 'image/png' : 'audio/mpeg',
      sizeBytes: 4_096,
      durationSeconds: kind === 'image' ? 0 : 3,
      bitrate: null,
      width: kind === 'image' ? 400 : null,
      height: kind === 'image' ? 400 : null,
      url: `http://127.0.0.1/storage/${storageKey}`,
      storageKey,
      createdAt: new Date().toISOString(),
    };
    mediaFiles.set(id, file);
    return file;
  }

  const em = () => identity.get(EntityManager).fork();
  const rows = (sql: string, parameters: unknown[] = []) =>
    em().getConnection().execute<Array<Record<string, unknown>>>(sql, parameters);

  /** Every table of the identity schema whose rows, read as text, contain `needle` (any case) — with their count. */
  async function identityTablesContaining(needle: string): Promise<Record<string, number>> {
    const found = await findRowsMentioning(database.url, [needle], ['identity']);
    return Object.fromEntries(found.map(({ table, rows }) => [table, rows]));
  }

  /**
   * Plays one other service's side of the saga for one user: on each `identity.user.deletion-requested` of theirs
   * it reports what it "erased". Started late, it still gets the events published before (a durable consumer),
   * as a service that was down when the deletion began does once it is back.
   */
  function startErasingService(
    service: ErasingService,
    userId: string,
    removed: Record<string, number> = { rows: 1 },
  ) {
    return bus.consume(
      `${service}-eraser-${randomUUID()}`,
      [identityEvents.userDeletionRequested],
      async (envelope) => {
        if (envelope.payload.userId === userId)
          await publishErasure(service, envelope.payload.deletionId, removed);
      },
    );
  }

  /** Publishes an event as its service would, and answers its envelope. */
  async function publish<D extends EventDefinition>(definition: D, payload: PayloadOf<D>) {
    const envelope = {
      id: newEventId(),
      subject: definition.subject,
      occurredAt: new Date().toISOString(),
      payload,
    };
    await bus.publish(envelope);
    return envelope;
  }

  const publishErasure = (service: ErasingService, deletionId: string, removed: Record<string, number>) =>
    publish(userDataErasedEvents[service], {
      deletionId,
      service,
      removed,
      erasedAt: new Date().toISOString(),
    });

  /** A feed rendering as the feeds service announces it (a public podcast's changed main feed unless told otherwise). */
  const publishFeedRegenerated = (
    payload: Omit<PayloadOf<typeof feedsEvents.feedRegenerated>, 'changed' | 'private' | 'changedUrls'> &
      Partial<PayloadOf<typeof feedsEvents.feedRegenerated>>,
  ) =>
    publish(feedsEvents.feedRegenerated, {
      changed: true,
      private: false,
      changedUrls: [payload.url],
      ...payload,
    });

  /** Resolves once identity's consumer has handled (or skipped as a duplicate) the event. */
  const processed = (envelope: { id: string }) =>
    waitFor(`identity to process event ${envelope.id}`, async () => {
      const found = await rows(
        `select 1 from identity.processed_events where consumer = 'identity' and event_id = ?`,
        [envelope.id],
      );
      return found.length === 1;
    });

  const database: TestDatabase = await createTestDatabase('cbtest_identity');
  const silent = pino({ level: 'silent' });
  const identity: TestingModule = await Test.createTestingModule({
    imports: [
      PersistenceModule.forRoot({ url: database.url, poolMax: 4, migrateOnStart: true }),
      MessagingModule.forRoot({ bus: () => new InProcessBus({ events: ALL_EVENTS, logger: silent }) }),
      testStorageModule(),
      IdentityModule,
    ],
  })
    .overrideProvider(DeletionConfirmationWindow)
    .useValue(new DeletionConfirmationWindow(options.confirmationWindowMs ?? 60_000))
    .compile();
  await identity.init();
  const bus = identity.get(MessageBus);

  // The media service's side: it knows only the caller's own files.
  await bus.respond(
    mediaRequests.getFile,
    ({ ownerId, mediaId }) => {
      const file = mediaFiles.get(mediaId);
      if (!file || file.ownerId !== ownerId) throw new DomainError('MEDIA_NOT_FOUND');
      return file;
    },
    { queue: 'media' },
  );
  await bus.respond(
    mediaRequests.deleteFile,
    ({ ownerId, mediaId }) => {
      const file = mediaFiles.get(mediaId);
      if (!file || file.ownerId !== ownerId) throw new DomainError('MEDIA_NOT_FOUND');
      mediaFiles.delete(mediaId);
      deletedMediaIds.push(mediaId);
      return { deleted: true };
    },
    { queue: 'media' },
  );
  await bus.consume('deletion-requests-spec', [identityEvents.userDeletionRequested], async (envelope) => {
    deletionRequests.push(envelope);
  });

  return {
    bus,
    identity,
    mediaFiles,
    deletedMediaIds,
    deletionRequests,
    newUser,
    newUsername,
    createProfile,
    storedImage: (ownerId: string) => storedFile(ownerId, 'image'),
    storedAudio: (ownerId: string) => storedFile(ownerId, 'audio'),
    em,
    rows,
    identityTablesContaining,
    startErasingService,
    publishErasure,
    publishFeedRegenerated,
    processed,
    async stop() {
      await identity.close();
      await database.drop();
    },
  };
}

export type AccountsTestApp = Awaited<ReturnType<typeof startAccountsTestApp>>;
