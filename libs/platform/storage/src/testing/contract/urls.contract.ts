import { randomBytes } from 'node:crypto';

import { beforeAll, describe, expect, it } from '@jest/globals';

import type { ObjectStorage } from '../../object-storage.js';
import { StorageKeyError } from '../../storage-errors.js';
import {
  md5,
  readAll,
  type ObjectStorageContractContext,
  type ObjectStorageContractSubject,
} from './object-storage-contract-support.js';

/** Signed GET and PUT URLs used over real HTTP, and public URLs. */
export function describeUrls(context: ObjectStorageContractContext): void {
  const { folder } = context;
  let storage: ObjectStorage;
  let subject: ObjectStorageContractSubject;
  beforeAll(() => {
    subject = context.subject();
    storage = context.storage();
  });

  describe('signed URLs', () => {
    it('serves a signed GET URL over HTTP before it expires', async () => {
      const key = `${folder()}/private/episode.mp3`;
      const bytes = randomBytes(4_096);
      await storage.put(key, bytes, { contentType: 'audio/mpeg' });

      const response = await fetch(await storage.signedGetUrl(key, { expiresInSeconds: 60 }));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('audio/mpeg');
      expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
    });

    it('names the download when asked to', async () => {
      const key = `${folder()}/private/episode.mp3`;
      await storage.put(key, 'audio', { contentType: 'audio/mpeg' });
      const response = await fetch(await storage.signedGetUrl(key, { downloadName: 'Épisode 1.mp3' }));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="_pisode 1.mp3"; filename*=UTF-8''%C3%89pisode%201.mp3`,
      );
      await response.arrayBuffer();
    });

    it('refuses a signed GET URL once it has expired', async () => {
      const key = `${folder()}/private/episode.mp3`;
      await storage.put(key, 'audio');
      subject.clock.shift(-10 * 60_000);
      const url = await storage.signedGetUrl(key, { expiresInSeconds: 60 });
      subject.clock.reset();

      const response = await fetch(url);
      expect(response.status).toBe(403);
      await response.arrayBuffer();
    });

    it('accepts an upload through a signed PUT URL', async () => {
      const key = `${folder()}/uploads/episode.mp3`;
      const bytes = randomBytes(100_000);
      const upload = await storage.signedPutUrl(key, { contentType: 'audio/mpeg', expiresInSeconds: 120 });
      expect(upload.method).toBe('PUT');
      expect(upload.headers).toEqual({ 'content-type': 'audio/mpeg' });
      expect(upload.expiresAt.getTime()).toBeGreaterThan(Date.now() + 110_000);

      const response = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: bytes });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      const stored = await storage.get(key);
      expect(md5(await readAll(stored.body))).toBe(md5(bytes));
      expect(stored.contentType).toBe('audio/mpeg');
    });

    it('refuses a signed PUT URL once it has expired', async () => {
      const key = `${folder()}/uploads/late.mp3`;
      subject.clock.shift(-10 * 60_000);
      const upload = await storage.signedPutUrl(key, { contentType: 'audio/mpeg' });
      subject.clock.reset();

      const response = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: 'late' });
      expect(response.status).toBe(403);
      await response.arrayBuffer();
      expect(await storage.exists(key)).toBe(false);
    });

    it('refuses expiry times outside 1 second to 1 week', async () => {
      const key = `${folder()}/x`;
      await expect(storage.signedGetUrl(key, { expiresInSeconds: 0 })).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
      });
      await expect(
        storage.signedPutUrl(key, { contentType: 'audio/mpeg', expiresInSeconds: 604_801 }),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    });
  });

  describe('public URLs', () => {
    it('gives keys under the public prefix a stable unsigned URL that serves them', async () => {
      const key = `public/${folder()}/cover art.jpg`;
      await storage.put(key, 'jpeg bytes', { contentType: 'image/jpeg' });
      const url = storage.publicUrl(key);
      expect(url).toBe(`${subject.publicUrlBase}${key.replace(' ', '%20')}`);

      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('jpeg bytes');
    });

    it('sends a reader of a public key where its bytes are, in one hop', async () => {
      const key = `public/${folder()}/episode.mp3`;
      await storage.put(key, 'mp3 bytes', { contentType: 'audio/mpeg' });
      const { url, presigned } = await storage.scoped('public').readUrl(key.slice('public/'.length));

      const response = await fetch(url, { redirect: 'manual' });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('mp3 bytes');
      expect(presigned).toBe(url !== storage.publicUrl(key));
      await expect(storage.readUrl('private/episode.mp3')).rejects.toThrow(StorageKeyError);
    });

    it('refuses a public URL for a key outside the public prefix', () => {
      expect(() => storage.publicUrl('private/cover.jpg')).toThrow(StorageKeyError);
      expect(() => storage.publicUrl('publicity/cover.jpg')).toThrow(StorageKeyError);
    });

    it('resolves public URLs of a scoped storage to the full key', () => {
      expect(storage.scoped('public/podcasts/7').publicUrl('cover.jpg')).toBe(
        `${subject.publicUrlBase}public/podcasts/7/cover.jpg`,
      );
    });
  });
}
