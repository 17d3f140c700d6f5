import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mediaRequests } from '@castbase/contracts';
import { waitFor } from '@castbase/platform-testing';
import { ProcessingJob } from '../processing-jobs/processing-job.entity.js';
import { ProcessingRunner } from '../processing-jobs/processing-runner.js';
import { startMediaTestApp, type MediaTestApp } from '../testing/media-test-app.js';
import { MediaFile } from './media-file.entity.js';

describe('media service: deleting a file (avatar or logo removal)', () => {
  let media: MediaTestApp;
  let png: Buffer;

  const deleteFile = (ownerId: string, mediaId: string) =>
    media.bus.request(mediaRequests.deleteFile, { ownerId, mediaId });
  const storedKeyOf = async (mediaId: string) => {
    const [file] = await media.rows('select original_key from media.media_files where id = ?', [mediaId]);
    return String(file?.['original_key']);
  };

  beforeAll(async () => {
    media = await startMediaTestApp('cbtest_media_delete');
    png = await media.renderImage('png', 400, 400);
  });

  afterAll(async () => {
    await media?.close();
  });

  it('removes the media file, its upload, its stored original and every output', async () => {
    const uploaded = await media.upload('owner-a', {
      input: png,
      fileName: 'avatar.png',
      fileType: 'image/png',
      purpose: 'avatar',
    });
    const file = await media.processed('owner-a', uploaded.id);
    const key = await storedKeyOf(file.id);
    const folder = key.slice(0, key.lastIndexOf('/') + 1);
    expect(file.outputs.length).toBeGreaterThan(0);
    expect((await media.storedKeys(folder)).length).toBe(1 + file.outputs.length);

    await expect(deleteFile('owner-a', file.id)).resolves.toEqual({ deleted: true });

    expect(await media.storage.exists(key)).toBe(false);
    expect(await media.storedKeys(folder)).toEqual([]);
    expect(await media.rows('select id from media.media_files where id = ?', [file.id])).toEqual([]);
    expect(await media.rows('select id from media.uploads where id = ?', [file.id])).toEqual([]);
    expect((await fetch(file.url)).status).toBe(404);
    await expect(
      media.bus.request(mediaRequests.getFile, { ownerId: 'owner-a', mediaId: file.id }),
    ).rejects.toMatchObject({ code: 'MEDIA_NOT_FOUND' });
  });

  it("answers MEDIA_NOT_FOUND for another owner's file and leaves it in place", async () => {
    const uploaded = await media.upload('owner-a', {
      input: png,
      fileName: 'logo.png',
      fileType: 'image/png',
      purpose: 'avatar',
    });
    const file = await media.processed('owner-a', uploaded.id);
    const key = await storedKeyOf(file.id);

    await expect(deleteFile('owner-b', file.id)).rejects.toMatchObject({
      code: 'MEDIA_NOT_FOUND',
      message: 'Media file not found',
    });

    expect(await media.storage.exists(key)).toBe(true);
    await expect(
      media.bus.request(mediaRequests.getFile, { ownerId: 'owner-a', mediaId: file.id }),
    ).resolves.toEqual(file);
  });

  it('answers MEDIA_NOT_FOUND when the file is already gone', async () => {
    const file = await media.upload('owner-a', {
      input: png,
      fileName: 'twice.png',
      fileType: 'image/png',
      purpose: 'avatar',
    });
    await deleteFile('owner-a', file.id);

    await expect(deleteFile('owner-a', file.id)).rejects.toMatchObject({ code: 'MEDIA_NOT_FOUND' });
  });

  it.each(['succeeds', 'fails'] as const)(
    'deletes a file whose job %s at that moment: each waits for the other, neither deadlocks',
    async (ending) => {
      const uploaded = await media.upload('owner-a', {
        input: png,
        fileName: `racing-${ending}.png`,
        fileType: 'image/png',
        purpose: 'avatar',
      });
      const file = await media.processed('owner-a', uploaded.id);
      const em = media.app.get(EntityManager).fork();
      const job = await em.findOneOrFail(ProcessingJob, { mediaId: file.id });
      const runner = media.app.get(ProcessingRunner);
      let ended: Promise<void> = Promise.resolve();

      // The locks deleting the file takes, in its order: the file's row, then its jobs' rows (the cascade).
      await em.transactional(async (tx) => {
        await tx.findOneOrFail(MediaFile, file.id, { lockMode: LockMode.PESSIMISTIC_WRITE });
        ended =
          ending === 'succeeds'
            ? runner.succeed(job, { durationSeconds: 1 })
            : runner.fail(job.id, 'The file went away', true);
        await waitFor('the ending job to wait for the file', async () => {
          const waiting = await media.rows(
            "select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          );
          return waiting.length > 0;
        });
        await tx.nativeDelete(MediaFile, { id: file.id });
      });

      await expect(ended).resolves.toBeUndefined();
      expect(await media.rows('select id from media.processing_jobs where media_id = ?', [file.id])).toEqual(
        [],
      );
    },
  );
});
