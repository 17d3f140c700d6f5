import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
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
  mediaRequests,
  type CreateUploadInput,
  type EventDefinition,
  type EventEnvelope,
  type MediaFile,
  type PayloadOf,
  type UploadTicket,
} from '@castbase/contracts';
import { APP_CONFIG } from '@castbase/platform-config';
import { renderToneMp3, resolveFfmpegBinaries } from '@castbase/platform-ffmpeg';
import { InProcessBus, MessageBus, MessagingModule } from '@castbase/platform-messaging';
import { PersistenceModule } from '@castbase/platform-persistence';
import { ObjectStorage, StorageModule } from '@castbase/platform-storage';
import { createTestDatabase, freePort, waitFor } from '@castbase/platform-testing';
import { MediaModule } from '../media.module.js';

const run = promisify(execFile);

/** Picture formats a test image can be rendered in, by the extension ffmpeg picks the encoder from. */
export type TestImageFormat = 'png' | 'jpg' | 'webp' | 'gif';

/**
 * The media service on a fresh database, filesystem storage served over HTTP (so tickets can be PUT to) and an
 * in-process bus carrying every event of the product, with ffmpeg at hand to make real test files.
 */
export async function startMediaTestApp(databasePrefix: string) {
  const database = await createTestDatabase(databasePrefix);
  const workFolder = await mkdtemp(join(tmpdir(), 'castbase-media-spec-'));
  const binaries = resolveFfmpegBinaries();
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const silent = pino({ level: 'silent' });

  @Global()
  @Module({
    providers: [{ provide: APP_CONFIG, useValue: { PUBLIC_URL: publicUrl } }],
    exports: [APP_CONFIG],
  })
  class TestConfigModule {}

  @Module({
    imports: [
      TestConfigModule,
      PersistenceModule.forRoot({ url: database.url, poolMax: 4, migrateOnStart: true }),
      MessagingModule.forRoot({ bus: () => new InProcessBus({ events: ALL_EVENTS, logger: silent }) }),
      StorageModule.forRoot({
        publicBaseUrl: publicUrl,
        filesystem: { root: join(workFolder, 'storage'), signingSecret: randomBytes(32).toString('hex') },
      }),
      MediaModule,
    ],
  })
  class TestAppModule {}

  const app = await NestFactory.create(TestAppModule, { logger: false });
  await app.listen(port, '127.0.0.1');
  const bus = app.get(MessageBus);
  const storage = app.get(ObjectStorage);

  const rows = (sql: string, parameters: unknown[] = []) =>
    app
      .select(MediaModule)
      .get(EntityManager)
      .getConnection()
      .execute<Array<Record<string, unknown>>>(sql, parameters);

  const createUpload = (
    ownerId: string,
    fileName: string,
    contentType: string,
    sizeBytes: number,
    expect?: CreateUploadInput['expect'],
  ) =>
    bus.request(mediaRequests.createUpload, {
      ownerId,
      input: { fileName, contentType, sizeBytes, ...(expect ? { expect } : {}) },
    });

  /** What a browser does with a ticket: PUT the bytes to the signed URL with the ticket's headers. */
  const putToTicket = (ticket: UploadTicket, body: Buffer) =>
    fetch(ticket.uploadUrl, { method: ticket.method, headers: ticket.headers, body: new Uint8Array(body) });

  const completeUpload = (ownerId: string, uploadId: string) =>
    bus.request(mediaRequests.completeUpload, { ownerId, uploadId });

  /** The whole upload as the web app runs it: ticket, PUT, complete. */
  async function upload(
    ownerId: string,
    fileName: string,
    contentType: string,
    body: Buffer,
  ): Promise<MediaFile> {
    const ticket = await createUpload(ownerId, fileName, contentType, body.length);
    const put = await putToTicket(ticket, body);
    if (put.status !== 200) throw new Error(`PUT to the upload URL answered ${put.status}`);
    return completeUpload(ownerId, ticket.uploadId);
  }

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
    await database.drop();
    await rm(workFolder, { recursive: true, force: true });
  }

  return {
    app,
    bus,
    storage,
    rows,
    createUpload,
    putToTicket,
    completeUpload,
    upload,
    renderImage,
    renderTone,
    collectEvents,
    storedKeys,
    allPublished,
    close,
  };
}

export type MediaTestApp = Awaited<ReturnType<typeof startMediaTestApp>>;
