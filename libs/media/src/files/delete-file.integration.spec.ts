import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mediaRequests } from '@castbase/contracts';
import { startMediaTestApp, type MediaTestApp } from '../testing/media-test-app.js';

describe('media service: deleting a file (avatar or logo removal)', () => {
  let media: MediaTestApp;
  let png: Buffer;

  const deleteFile = (ownerId: string, mediaId: string) =>
    media.bus.request(mediaRequests.deleteFile, { ownerId, mediaId });
  const storedKeyOf = async (mediaId: string) => {
    const [file] = await media.rows('select storage_key from media.media_files where id = ?', [mediaId]);
    return String(file?.['storage_key']);
  };

  beforeAll(async () => {
    media = await startMediaTestApp('cbtest_media_delete');
    png = await media.renderImage('png', 400, 400);
  });

  afterAll(async () => {
    await media?.close();
  });

  it('removes the media file, its upload and its stored object', async () => {
    const file = await media.upload('owner-a', 'avatar.png', 'image/png', png);
    const key = await storedKeyOf(file.id);

    await expect(deleteFile('owner-a', file.id)).resolves.toEqual({ deleted: true });

    expect(await media.storage.exists(key)).toBe(false);
    expect(await media.rows('select id from media.media_files where id = ?', [file.id])).toEqual([]);
    expect(await media.rows('select id from media.uploads where id = ?', [file.id])).toEqual([]);
    expect((await fetch(file.url)).status).toBe(404);
    await expect(
      media.bus.request(mediaRequests.getFile, { ownerId: 'owner-a', mediaId: file.id }),
    ).rejects.toMatchObject({ code: 'MEDIA_NOT_FOUND' });
  });

  it("answers MEDIA_NOT_FOUND for another owner's file and leaves it in place", async () => {
    const file = await media.upload('owner-a', 'logo.png', 'image/png', png);
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
    const file = await media.upload('owner-a', 'twice.png', 'image/png', png);
    await deleteFile('owner-a', file.id);

    await expect(deleteFile('owner-a', file.id)).rejects.toMatchObject({ code: 'MEDIA_NOT_FOUND' });
  });
});
