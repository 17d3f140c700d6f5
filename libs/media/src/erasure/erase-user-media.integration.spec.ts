import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  identityEvents,
  userDataErasedEvents,
  type EventEnvelope,
  type PayloadOf,
  type UserDataErased,
} from '@castbase/contracts';
import { waitFor, type TusTestResult } from '@castbase/platform-testing';
import { startMediaTestApp, type MediaTestApp } from '../testing/media-test-app.js';
import { mediaOwnerPrefix } from '../uploads/media-storage-key.js';

describe('media service: erasing a user on account deletion', () => {
  let media: MediaTestApp;
  let reports: Array<EventEnvelope<UserDataErased>>;
  let png: Buffer;
  let tone: Buffer;
  // Both ids reduce to the storage folder `auth0-alice`: erasing one must not touch the other's files.
  const alice = 'auth0|alice';
  const bob = 'auth0-alice';

  /** Publishes `identity.user.deletion-requested` and waits for media's report of that event. */
  async function requestDeletion(userId: string, deletionId = randomUUID()): Promise<UserDataErased> {
    const payload: PayloadOf<typeof identityEvents.userDeletionRequested> = {
      deletionId,
      userId,
      requestedAt: new Date().toISOString(),
    };
    const reported = reports.length;
    await media.bus.publish({
      id: randomUUID(),
      subject: identityEvents.userDeletionRequested.subject,
      occurredAt: payload.requestedAt,
      payload,
    });
    return (await waitFor('media.user-data.erased', () => reports[reported])).payload;
  }

  const sizeOf = async (keys: string[]) => {
    let bytes = 0;
    for (const key of keys) bytes += (await media.storage.head(key))?.contentLength ?? 0;
    return bytes;
  };
  const uploadIdOfUrl = (result: TusTestResult) =>
    result.outcome === 'refused'
      ? ''
      : (new URL(result.uploadUrl, media.publicUrl).pathname.split('/').pop() ?? '');

  const rowsOf = (table: 'media_files' | 'uploads', ownerId: string) =>
    media.rows(`select id from media.${table} where owner_id = ?`, [ownerId]);

  beforeAll(async () => {
    media = await startMediaTestApp('cbtest_media_erasure');
    reports = await media.collectEvents(userDataErasedEvents.media);
    png = await media.renderImage('png', 400, 400);
    tone = await media.renderTone(1);
  });

  afterAll(async () => {
    await media?.close();
  });

  it("removes every file, upload and stored object of the user, and their published outbox rows, and reports what went; another user's stay", async () => {
    const bobsFile = await media.upload(bob, {
      input: png,
      fileName: 'bob.png',
      fileType: 'image/png',
      purpose: 'avatar',
    });
    const avatar = await media.upload(alice, {
      input: png,
      fileName: 'avatar.png',
      fileType: 'image/png',
      purpose: 'avatar',
    });
    const episode = await media.upload(alice, {
      input: tone,
      fileName: 'episode.mp3',
      fileType: 'audio/mpeg',
      purpose: 'episode-media',
    });
    // Processing adds outputs beside each original: erasure finds them all.
    for (const [owner, file] of [
      [bob, bobsFile],
      [alice, avatar],
      [alice, episode],
    ] as const) {
      expect((await media.processed(owner, file.id)).status).toBe('ready');
    }
    const neverCompleted = await media.send(alice, {
      input: tone,
      fileName: 'draft.mp3',
      fileType: 'audio/mpeg',
      purpose: 'episode-media',
      pauseAfterBytes: 1,
      chunkSize: Math.ceil(tone.length / 2),
    });
    expect(neverCompleted.outcome).toBe('paused');
    const received = join(media.workFolder, 'uploads', uploadIdOfUrl(neverCompleted));
    expect(existsSync(received)).toBe(true);
    const leftOver = `${mediaOwnerPrefix(alice)}${randomUUID()}/left-over.png`;
    await media.storage.put(leftOver, png, { contentType: 'image/png' });
    await media.allPublished(alice);
    await media.allPublished(bob);
    const bobsKeys = (await media.storedKeys(mediaOwnerPrefix(bob))).filter((key) =>
      key.includes(bobsFile.id),
    );
    expect(bobsKeys.length).toBeGreaterThan(1);
    const alicesKeys = (await media.storedKeys(mediaOwnerPrefix(alice))).filter(
      (key) => !bobsKeys.includes(key),
    );
    const alicesBytes = await sizeOf(alicesKeys);

    const deletionId = randomUUID();
    const report = await requestDeletion(alice, deletionId);

    expect(report).toEqual({
      deletionId,
      service: 'media',
      removed: {
        files: 2,
        uploads: 3,
        objects: alicesKeys.length,
        bytes: alicesBytes,
        // media.file.stored and media.file.processed of each of her two files (job requests name no owner).
        outboxMessages: 4,
      },
      erasedAt: expect.any(String),
    });
    expect(await rowsOf('media_files', alice)).toEqual([]);
    expect(await rowsOf('uploads', alice)).toEqual([]);
    expect(existsSync(received)).toBe(false);
    expect(await media.storedKeys(mediaOwnerPrefix(alice))).toEqual(bobsKeys);
    expect(
      await media.rows('select subject from media.outbox_messages where strpos(payload::text, ?) > 0', [
        `"${alice}"`,
      ]),
    ).toEqual([]);
    expect(await rowsOf('media_files', bob)).toEqual([{ id: bobsFile.id }]);
    expect(
      await media.rows('select 1 from media.outbox_messages where payload->>? = ?', ['ownerId', bob]),
    ).toHaveLength(2);
    expect((await fetch(bobsFile.url)).status).toBe(200);
  });

  it('finds nothing when asked again, and reports zeros', async () => {
    const again = await media.upload(alice, {
      input: png,
      fileName: 'again.png',
      fileType: 'image/png',
      purpose: 'avatar',
    });
    // Its processing over first: an output a job stores after the erasure's listing is deleted by the job itself once
    // it finds its file gone (ProcessingRunner.storeOutput), and the second request could meet it on its way out.
    expect((await media.processed(alice, again.id)).status).toBe('ready');
    const deletionId = randomUUID();
    await requestDeletion(alice, deletionId);

    await expect(requestDeletion(alice, deletionId)).resolves.toMatchObject({
      deletionId,
      removed: { files: 0, uploads: 0, objects: 0, bytes: 0, outboxMessages: 0 },
    });
  });
});
