import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { EntityManager } from '@mikro-orm/postgresql';
import { Global, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { pino } from 'pino';
import {
  ALL_EVENTS,
  MEDIA_UPLOAD_PATH,
  mediaFileSchema,
  mediaRequests,
  type EventDefinition,
  type EventEnvelope,
  type MediaFile,
  type PayloadOf,
} from '@castbase/contracts';
import { AuthModule, mintDevAccessToken } from '@castbase/platform-auth';
import { APP_CONFIG } from '@castbase/platform-config';
import { renderToneMp3, resolveFfmpegBinaries, runFfmpeg } from '@castbase/platform-ffmpeg';
import { InProcessBus, MessageBus, MessagingModule } from '@castbase/platform-messaging';
import { PersistenceModule } from '@castbase/platform-persistence';
import { HttpErrorFilter } from '@castbase/platform-runtime';
import { ObjectStorage, StorageModule } from '@castbase/platform-storage';
import {
  createTestDatabase,
  freePort,
  requireTestEnv,
  tusUpload,
  waitFor,
  type TusTestResult,
  type TusTestUpload,
} from '@castbase/platform-testing';
import { MediaModule } from '../media.module.js';
import { answerAsCatalog, type CatalogDouble } from './catalog-double.js';

export type { CatalogDouble, CatalogPodcast } from './catalog-double.js';

const run = promisify(execFile);

/** Picture formats a test image can be rendered in, by the extension ffmpeg picks the encoder from. */
export type TestImageFormat = 'png' | 'jpg' | 'webp' | 'gif';

export interface MediaTestOptions {
  /** Plan limits (defaults: the free tier's). */
  planStorageBytes?: number;
  planEpisodes?: number;
  /** Reuse this work folder (storage and received uploads), as a restarted process would. */
  workFolder?: string;
  /** Reuse this database instead of a fresh one. */
  databaseUrl?: string;
  /** Let copies from other hosts fetch this machine's addresses (FEED_FETCH_ALLOW_PRIVATE), such as its own storage. */
  allowPrivateFetches?: boolean;
}

/**
 * The media service on a fresh database, filesystem storage served over HTTP, the tus endpoint behind token
 * authentication, an in-process bus carrying every event of the product (with the catalog's answers about
 * podcasts and episodes), and ffmpeg at hand to make real test files.
 */
export async function startMediaTestApp(databasePrefix: string, options: MediaTestOptions = {}) {
  const database = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => undefined }
    : await createTestDatabase(databasePrefix);
  const workFolder = options.workFolder ?? (await mkdtemp(join(tmpdir(), 'castbase-media-spec-')));
  const devSigningKey = requireTestEnv('devSigningKey');
  const binaries = resolveFfmpegBinaries();
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const silent = pino({ level: 'silent' });

  @Global()
  @Module({
    providers: [
      {
        provide: APP_CONFIG,
        useValue: {
          PUBLIC_URL: publicUrl,
          STORAGE_DIR: join(workFolder, 'storage'),
          UPLOADS_DIR: join(workFolder, 'uploads'),
          UPLOAD_EXPIRY_HOURS: 24,
          PLAN_STORAGE_BYTES: options.planStorageBytes ?? 1_000_000_000,
          PLAN_EPISODES: options.planEpisodes ?? 10,
          TRANSCODE_BITRATE_KBPS: 128,
          MEDIA_JOB_CONCURRENCY: 1,
          FEED_FETCH_ALLOW_PRIVATE: options.allowPrivateFetches ?? false,
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
      AuthModule.forRoot({ devSigningKey }),
      StorageModule.forRoot({
        publicBaseUrl: publicUrl,
        filesystem: { root: join(workFolder, 'storage'), signingSecret: signingSecret(workFolder) },
      }),
      MediaModule,
    ],
  })
  class TestAppModule {}

  const app = await NestFactory.create(TestAppModule, { logger: false });
  app.useGlobalFilters(new HttpErrorFilter());
  await app.listen(port, '127.0.0.1');
  const bus = app.get(MessageBus);
  const storage = app.get(ObjectStorage);

  const rows = (sql: string, parameters: unknown[] = []) =>
    app
      .select(MediaModule)
      .get(EntityManager)
      .getConnection()
      .execute<Array<Record<string, unknown>>>(sql, parameters);

  const catalog: CatalogDouble = { podcasts: new Map(), episodes: new Map() };
  await answerAsCatalog(bus, catalog);

  const tokenFor = (ownerId: string) =>
    mintDevAccessToken(devSigningKey, { sub: ownerId, preferred_username: ownerId });
  const uploadEndpoint = `${publicUrl}${MEDIA_UPLOAD_PATH}`;

  /** Sends a file over tus as the web app does, as `ownerId`. */
  async function send(ownerId: string, upload: TusTestUpload): Promise<TusTestResult> {
    return tusUpload(uploadEndpoint, await tokenFor(ownerId), upload);
  }

  /** Sends a whole file and returns the media file the last response carries. */
  async function upload(ownerId: string, upload: TusTestUpload): Promise<MediaFile> {
    const result = await send(ownerId, upload);
    if (result.outcome !== 'finished') throw new Error(`upload ${result.outcome}: ${JSON.stringify(result)}`);
    return mediaFileSchema.parse(JSON.parse(result.body));
  }

  /** The file once its processing has ended (ready or failed). */
  const processed = (ownerId: string, mediaId: string) =>
    waitFor(
      `media ${mediaId} to be processed`,
      async () => {
        const file = await bus.request(mediaRequests.getFile, { ownerId, mediaId });
        return file.status === 'processing' ? undefined : file;
      },
      { timeoutMs: 120_000 },
    );

  /** A one-frame blue image of the given size, rendered by ffmpeg. */
  async function renderImage(format: TestImageFormat, width: number, height: number): Promise<Buffer> {
    const path = join(workFolder, `${randomUUID()}.${format}`);
    await run(binaries.ffmpegPath, [
      ...['-loglevel', 'error', '-f', 'lavfi', '-i', `color=c=blue:s=${width}x${height}`],
      ...['-frames:v', '1', path],
    ]);
    return readFile(path);
  }

  /** A sine tone as MP3, rendered by ffmpeg. */
  async function renderTone(seconds: number): Promise<Buffer> {
    const path = join(workFolder, `${randomUUID()}.mp3`);
    await renderToneMp3(binaries, path, seconds);
    return readFile(path);
  }

  /**
   * A long sine tone as MP3 (128 kbps stereo, as renderTone's), for a test that needs its size and not its sound: ten
   * seconds encoded once, then copied end to end by ffmpeg without re-encoding (13 minutes take a second instead of
   * 20 s of encoding). The result is one ordinary MP3 stream with a header for its whole length.
   */
  async function renderLongTone(seconds: number): Promise<Buffer> {
    const piece = join(workFolder, `${randomUUID()}.mp3`);
    const path = join(workFolder, `${randomUUID()}.mp3`);
    await renderToneMp3(binaries, piece, LONG_TONE_PIECE_SECONDS);
    const copies = Math.ceil(seconds / LONG_TONE_PIECE_SECONDS);
    await runFfmpeg(binaries, [
      ...['-stream_loop', String(copies - 1), '-i', piece],
      ...['-c', 'copy', '-f', 'mp3', path],
    ]);
    await rm(piece);
    return readFile(path);
  }

  /** Starts collecting the events of `definition` that reach a consumer of this test. */
  async function collectEvents<D extends EventDefinition>(definition: D) {
    const received: Array<EventEnvelope<PayloadOf<D>>> = [];
    await bus.consume(`media-spec-${randomUUID()}`, [definition], async (envelope) => {
      received.push(envelope);
    });
    return received;
  }

  /** Every key stored under `prefix`, sorted. */
  async function storedKeys(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const key of storage.list(prefix)) keys.push(key);
    return keys.sort();
  }

  /** Waits until the relay has published every outbox row mentioning `text`. */
  const allPublished = (text: string) =>
    waitFor(`the outbox rows mentioning ${text} to be published`, async () => {
      const pending = await rows(
        'select 1 from media.outbox_messages where published_at is null and strpos(payload::text, ?) > 0',
        [text],
      );
      return pending.length === 0;
    });

  async function close(): Promise<void> {
    await app.close();
    if (!options.databaseUrl) await database.drop();
    if (!options.workFolder) await rm(workFolder, { recursive: true, force: true });
  }

  return {
    app,
    bus,
    storage,
    rows,
    catalog,
    publicUrl,
    workFolder,
    databaseUrl: database.url,
    uploadEndpoint,
    tokenFor,
    send,
    upload,
    processed,
    renderImage,
    renderTone,
    renderLongTone,
    collectEvents,
    storedKeys,
    allPublished,
    close,
  };
}

/** What renderLongTone encodes once and repeats. */
const LONG_TONE_PIECE_SECONDS = 10;

export type MediaTestApp = Awaited<ReturnType<typeof startMediaTestApp>>;

/** One signing secret per work folder, so a restarted app signs and checks URLs alike. */
function signingSecret(workFolder: string): string {
  return createHash('sha256').update(`castbase-test:${workFolder}`).digest('hex');
}
