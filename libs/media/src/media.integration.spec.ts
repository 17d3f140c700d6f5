import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EntityManager } from '@mikro-orm/postgresql';
import { Global, Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { pino } from 'pino';
import {
  MEDIA_MAX_BYTES,
  mediaEvents,
  mediaRequests,
  type CreateUploadInput,
  type EventEnvelope,
  type PayloadOf,
  type UploadTicket,
} from '@castbase/contracts';
import { APP_CONFIG } from '@castbase/platform-config';
import { renderToneMp3, resolveFfmpegBinaries } from '@castbase/platform-ffmpeg';
import { InProcessBus, MessageBus, MessagingModule } from '@castbase/platform-messaging';
import { PersistenceModule } from '@castbase/platform-persistence';
import { ObjectStorage, StorageModule } from '@castbase/platform-storage';
import { createTestDatabase, freePort, waitFor, type TestDatabase } from '@castbase/platform-testing';
import { MediaModule } from './media.module.js';

type FileStored = EventEnvelope<PayloadOf<typeof mediaEvents.fileStored>>;

describe('media service: uploads straight to storage, probed with ffprobe', () => {
  let database: TestDatabase;
  let workFolder: string;
  let app: INestApplication;
  let bus: MessageBus;
  let storage: ObjectStorage;
  let toneMp3: Buffer;
  const storedEvents: FileStored[] = [];
  const probeFolders = async () =>
    (await readdir(tmpdir())).filter((name) => name.startsWith('castbase-probe-'));
  let probeFoldersBefore: string[];

  /** `contentType` is a plain string so that unsupported types can be tried. */
  const createUpload = (ownerId: string, fileName: string, contentType: string, sizeBytes: number) =>
    bus.request(mediaRequests.createUpload, {
      ownerId,
      input: { fileName, contentType, sizeBytes } as CreateUploadInput,
    });

  /** What a browser does with a ticket: PUT the bytes to the signed URL with the ticket's headers. */
  const putToTicket = (ticket: UploadTicket, body: Buffer) =>
    fetch(ticket.uploadUrl, { method: ticket.method, headers: ticket.headers, body: new Uint8Array(body) });

  const rows = (sql: string, parameters: unknown[] = []) =>
    app
      .select(MediaModule)
      .get(EntityManager)
      .getConnection()
      .execute<Array<Record<string, unknown>>>(sql, parameters);

  beforeAll(async () => {
    database = await createTestDatabase('cbtest_media');
    probeFoldersBefore = await probeFolders();
    workFolder = await mkdtemp(join(tmpdir(), 'castbase-media-spec-'));
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
        MessagingModule.forRoot({
          bus: () => new InProcessBus({ events: [mediaEvents.fileStored], logger: silent }),
        }),
        StorageModule.forRoot({
          publicBaseUrl: publicUrl,
          filesystem: { root: join(workFolder, 'storage'), signingSecret: randomBytes(32).toString('hex') },
        }),
        MediaModule,
      ],
    })
    class TestAppModule {}

    app = await NestFactory.create(TestAppModule, { logger: false });
    await app.listen(port, '127.0.0.1');
    bus = app.get(MessageBus);
    storage = app.get(ObjectStorage);
    await bus.consume('media-spec', [mediaEvents.fileStored], async (envelope) => {
      storedEvents.push(envelope);
    });

    const tonePath = join(workFolder, 'tone.mp3');
    await renderToneMp3(resolveFfmpegBinaries(), tonePath, 3);
    toneMp3 = await readFile(tonePath);
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    if (workFolder) await rm(workFolder, { recursive: true, force: true });
  });

  it('hands out a ticket: a signed PUT URL valid for an hour, with the Content-Type to send', async () => {
    const before = Date.now();
    const ticket = await createUpload('owner-a', 'Épisode 1 (final).mp3', 'audio/mpeg', toneMp3.length);

    expect(ticket).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'audio/mpeg' } });
    expect(ticket.uploadUrl).toContain(
      `/storage/public/media/owner-a/${ticket.uploadId}/Episode-1-final.mp3?`,
    );
    const expiresAt = Date.parse(ticket.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 3_599_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 3_600_000);
    expect(
      await rows('select status, size_bytes, file_name from media.uploads where id = ?', [ticket.uploadId]),
    ).toEqual([
      { status: 'pending', size_bytes: String(toneMp3.length), file_name: 'Épisode 1 (final).mp3' },
    ]);
  });

  it('refuses an unsupported type and more than 500 MB with the messages the web app shows', async () => {
    await expect(createUpload('owner-a', 'notes.txt', 'text/plain', 10)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: expect.arrayContaining([
        expect.objectContaining({ message: 'This file type is not supported' }),
      ]),
    });
    await expect(createUpload('owner-a', 'long.wav', 'audio/wav', MEDIA_MAX_BYTES + 1)).rejects.toMatchObject(
      {
        code: 'VALIDATION_FAILED',
        details: expect.arrayContaining([
          expect.objectContaining({ message: 'File is too large. The maximum size is 500 MB.' }),
        ]),
      },
    );
  });

  it('completes an uploaded MP3 into an audio file with its duration, real size and type, and announces it', async () => {
    const ticket = await createUpload('owner-a', 'tone.mp3', 'audio/mpeg', toneMp3.length + 1000);
    expect((await putToTicket(ticket, toneMp3)).status).toBe(200);

    const file = await bus.request(mediaRequests.completeUpload, {
      ownerId: 'owner-a',
      uploadId: ticket.uploadId,
    });

    expect(file).toMatchObject({
      id: ticket.uploadId,
      ownerId: 'owner-a',
      kind: 'audio',
      fileName: 'tone.mp3',
      mimeType: 'audio/mpeg',
      sizeBytes: toneMp3.length,
      durationSeconds: 3,
    });
    expect(file.bitrate).toBeGreaterThan(100_000);
    const served = await fetch(file.url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(toneMp3)).toBe(true);
    await waitFor('media.file.stored', () => storedEvents.find((event) => event.payload.mediaId === file.id));
    expect(storedEvents.find((event) => event.payload.mediaId === file.id)?.payload).toEqual({
      mediaId: file.id,
      ownerId: 'owner-a',
      kind: 'audio',
    });
  });

  it('answers the same media file when an upload is completed again, without a second event', async () => {
    const ticket = await createUpload('owner-a', 'twice.mp3', 'audio/mpeg', toneMp3.length);
    await putToTicket(ticket, toneMp3);
    const complete = () =>
      bus.request(mediaRequests.completeUpload, { ownerId: 'owner-a', uploadId: ticket.uploadId });

    const [first, second] = await Promise.all([complete(), complete()]);
    const third = await complete();

    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(await rows('select count(*)::int as n from media.media_files where id = ?', [first.id])).toEqual([
      { n: 1 },
    ]);
    const outbox = await rows(`select payload from media.outbox_messages where payload->>'mediaId' = ?`, [
      first.id,
    ]);
    expect(outbox).toHaveLength(1);
  });

  it('gets a media file for its owner, and not for anyone else', async () => {
    const ticket = await createUpload('owner-a', 'mine.mp3', 'audio/mpeg', toneMp3.length);
    await putToTicket(ticket, toneMp3);
    const file = await bus.request(mediaRequests.completeUpload, {
      ownerId: 'owner-a',
      uploadId: ticket.uploadId,
    });

    await expect(
      bus.request(mediaRequests.getFile, { ownerId: 'owner-a', mediaId: file.id }),
    ).resolves.toEqual(file);
    await expect(
      bus.request(mediaRequests.getFile, { ownerId: 'owner-b', mediaId: file.id }),
    ).rejects.toMatchObject({
      code: 'MEDIA_NOT_FOUND',
      message: 'Media file not found',
    });
  });

  it("refuses to complete another owner's upload with MEDIA_NOT_FOUND", async () => {
    const ticket = await createUpload('owner-a', 'private.mp3', 'audio/mpeg', toneMp3.length);
    await putToTicket(ticket, toneMp3);

    await expect(
      bus.request(mediaRequests.completeUpload, { ownerId: 'owner-b', uploadId: ticket.uploadId }),
    ).rejects.toMatchObject({ code: 'MEDIA_NOT_FOUND' });
    expect(await rows('select status from media.uploads where id = ?', [ticket.uploadId])).toEqual([
      { status: 'pending' },
    ]);
  });

  it('answers UPLOAD_FAILED "Upload failed" with the reason when no file was received', async () => {
    const ticket = await createUpload('owner-a', 'never-sent.mp3', 'audio/mpeg', 1000);

    await expect(
      bus.request(mediaRequests.completeUpload, { ownerId: 'owner-a', uploadId: ticket.uploadId }),
    ).rejects.toMatchObject({
      code: 'UPLOAD_FAILED',
      message: 'Upload failed',
      details: {
        reason:
          'No file was received for this upload. Send the file to the upload link, then complete the upload.',
      },
    });
  });

  it('refuses a text file renamed .mp3 as MEDIA_UNREADABLE and deletes it from storage', async () => {
    // Large enough that ffprobe, told the name ends in .mp3, would report an (empty) MP3 stream in it.
    const text = Buffer.from('Show notes, not audio. '.repeat(10_000));
    const ticket = await createUpload('owner-a', 'notes.mp3', 'audio/mpeg', text.length);
    await putToTicket(ticket, text);
    const [upload] = await rows('select storage_key from media.uploads where id = ?', [ticket.uploadId]);
    const key = String(upload?.['storage_key']);
    expect(await storage.exists(key)).toBe(true);
    const complete = () =>
      bus.request(mediaRequests.completeUpload, { ownerId: 'owner-a', uploadId: ticket.uploadId });

    await expect(complete()).rejects.toMatchObject({
      code: 'MEDIA_UNREADABLE',
      message: 'The file could not be read as audio or video',
    });

    expect(await storage.exists(key)).toBe(false);
    expect(await rows('select status from media.uploads where id = ?', [ticket.uploadId])).toEqual([
      { status: 'failed' },
    ]);
    expect(await rows('select id from media.media_files where id = ?', [ticket.uploadId])).toEqual([]);
    await expect(complete()).rejects.toMatchObject({ code: 'MEDIA_UNREADABLE' });
  });

  it('leaves no temporary copies of uploads behind', async () => {
    const leftovers = (await probeFolders()).filter((name) => !probeFoldersBefore.includes(name));
    expect(leftovers).toEqual([]);
  });
});
