import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mediaRequests } from '@castbase/contracts';
import { startMediaTestApp, type MediaTestApp } from '../testing/media-test-app.js';

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
});
