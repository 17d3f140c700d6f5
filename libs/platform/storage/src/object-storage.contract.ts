import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import type { ObjectStorage } from './object-storage.js';
import { StorageKeyError, StorageObjectNotFoundError, StorageRangeNotSatisfiableError } from './storage-errors.js';
import type { AdjustableClock } from './testing/adjustable-clock.js';

export interface ObjectStorageContractSubject {
  storage: ObjectStorage;
  /** The clock the storage signs with (and, for the filesystem, verifies with). */
  clock: AdjustableClock;
  /** What `publicUrl(key)` puts before the URL-encoded key. */
  publicUrlBase: string;
  stop(): Promise<void>;
}

/** Keys that would reach outside a store or a scope, or that two stores would read differently. */
export const TRAVERSAL_KEYS = [
  '',
  '/etc/passwd',
  '..',
  '.',
  '../outside',
  'inside/../../outside',
  'inside/./file',
  'inside//file',
  'inside/',
  'inside\\..\\outside',
  'nul\u0000byte',
  'new\nline',
];

const MULTI_MEGABYTE = 6 * 1024 * 1024 + 123;

async function readAll(body: Readable): Promise<Buffer> {
  return Buffer.concat(await body.toArray());
}

async function collect(keys: AsyncIterable<string>): Promise<string[]> {
  const collected: string[] = [];
  for await (const key of keys) collected.push(key);
  return collected.sort();
}

function inChunks(bytes: Buffer, size = 64 * 1024): Readable {
  return Readable.from(
    (function* chunks() {
      for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
    })(),
  );
}

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

/** One behaviour for every `ObjectStorage`: run it against each implementation. */
export function describeObjectStorageContract(
  name: string,
  setUp: () => Promise<ObjectStorageContractSubject>,
): void {
  describe(`${name} (ObjectStorage contract)`, () => {
    let subject: ObjectStorageContractSubject;
    let storage: ObjectStorage;
    /** Each test writes under its own folder so tests never see each other's keys. */
    const folder = () => `contract-${randomUUID()}`;

    beforeAll(async () => {
      subject = await setUp();
      storage = subject.storage;
    });
    afterAll(async () => {
      await subject?.stop();
    });

    describe('put and get', () => {
      it('streams a multi-megabyte body in and reads back the same bytes, type and cache control', async () => {
        const key = `${folder()}/episode.mp3`;
        const bytes = randomBytes(MULTI_MEGABYTE);
        await storage.put(key, inChunks(bytes), { contentType: 'audio/mpeg', cacheControl: 'public, max-age=60' });

        const object = await storage.get(key);
        const readBack = await readAll(object.body);
        expect(readBack.length).toBe(bytes.length);
        expect(md5(readBack)).toBe(md5(bytes));
        expect(object).toMatchObject({
          contentLength: bytes.length,
          contentType: 'audio/mpeg',
          cacheControl: 'public, max-age=60',
        });
        expect(object.contentRange).toBeUndefined();
        expect(object.lastModified).toBeInstanceOf(Date);
      });

      it('stores Buffer and string bodies, with application/octet-stream when no type is given', async () => {
        const base = folder();
        await storage.put(`${base}/buffer.bin`, Buffer.from([0, 1, 2, 255]));
        await storage.put(`${base}/text.txt`, 'héllo', { contentType: 'text/plain; charset=utf-8' });

        const buffer = await storage.get(`${base}/buffer.bin`);
        expect([...(await readAll(buffer.body))]).toEqual([0, 1, 2, 255]);
        expect(buffer.contentType).toBe('application/octet-stream');
        const text = await storage.get(`${base}/text.txt`);
        expect((await readAll(text.body)).toString('utf8')).toBe('héllo');
        expect(text.contentLength).toBe(Buffer.byteLength('héllo'));
      });

      it('replaces an object on a second put and gives it a new etag', async () => {
        const key = `${folder()}/cover.jpg`;
        await storage.put(key, 'first version');
        const first = await storage.head(key);
        await storage.put(key, 'second, longer version');
        const second = await storage.head(key);

        expect((await readAll((await storage.get(key)).body)).toString()).toBe('second, longer version');
        expect(second?.contentLength).toBe('second, longer version'.length);
        expect(second?.etag).not.toBe(first?.etag);
      });

      it('reports the same etag from head and get, and the MD5 of a small body', async () => {
        const key = `${folder()}/small.txt`;
        await storage.put(key, 'etag me');
        const head = await storage.head(key);
        const object = await storage.get(key);
        await readAll(object.body);
        expect(object.etag).toBe(head?.etag);
        expect(head?.etag).toBe(md5(Buffer.from('etag me')));
      });

      it('refuses to get a missing key with StorageObjectNotFoundError (NOT_FOUND)', async () => {
        const missing = storage.get(`${folder()}/missing.mp3`);
        await expect(missing).rejects.toBeInstanceOf(StorageObjectNotFoundError);
        await expect(storage.get(`${folder()}/missing.mp3`)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      });
    });

    describe('byte ranges', () => {
      const bytes = randomBytes(10_000);
      let key: string;
      beforeAll(async () => {
        key = `${folder()}/ranged.bin`;
        await storage.put(key, bytes, { contentType: 'audio/mpeg' });
      });

      it('reads the first bytes', async () => {
        const object = await storage.get(key, { range: { start: 0, end: 9 } });
        expect(await readAll(object.body)).toEqual(bytes.subarray(0, 10));
        expect(object).toMatchObject({ contentLength: 10, contentRange: 'bytes 0-9/10000', contentType: 'audio/mpeg' });
      });

      it('reads a range from the middle', async () => {
        const object = await storage.get(key, { range: { start: 4_000, end: 5_999 } });
        expect(await readAll(object.body)).toEqual(bytes.subarray(4_000, 6_000));
        expect(object).toMatchObject({ contentLength: 2_000, contentRange: 'bytes 4000-5999/10000' });
      });

      it('reads an open-ended range to the last byte', async () => {
        const object = await storage.get(key, { range: { start: 9_900 } });
        expect(await readAll(object.body)).toEqual(bytes.subarray(9_900));
        expect(object).toMatchObject({ contentLength: 100, contentRange: 'bytes 9900-9999/10000' });
      });

      it('clamps a range that ends past the last byte', async () => {
        const object = await storage.get(key, { range: { start: 9_990, end: 20_000 } });
        expect(await readAll(object.body)).toEqual(bytes.subarray(9_990));
        expect(object.contentRange).toBe('bytes 9990-9999/10000');
      });

      it('refuses a range starting past the last byte with StorageRangeNotSatisfiableError', async () => {
        await expect(storage.get(key, { range: { start: 10_000 } })).rejects.toBeInstanceOf(
          StorageRangeNotSatisfiableError,
        );
      });

      it('refuses a malformed range with VALIDATION_FAILED', async () => {
        await expect(storage.get(key, { range: { start: 50, end: 10 } })).rejects.toMatchObject({
          code: 'VALIDATION_FAILED',
        });
        await expect(storage.get(key, { range: { start: -1 } })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      });
    });

    describe('head and exists', () => {
      it('answers null and false for a missing key', async () => {
        const key = `${folder()}/missing.txt`;
        expect(await storage.head(key)).toBeNull();
        expect(await storage.exists(key)).toBe(false);
      });

      it('answers the size, type and cache control of a stored object without reading it', async () => {
        const key = `${folder()}/feed.xml`;
        await storage.put(key, '<rss/>', { contentType: 'application/rss+xml', cacheControl: 'no-cache' });
        expect(await storage.exists(key)).toBe(true);
        expect(await storage.head(key)).toMatchObject({
          contentLength: 6,
          contentType: 'application/rss+xml',
          cacheControl: 'no-cache',
        });
      });

      it('does not mistake a folder of other keys for an object', async () => {
        const base = folder();
        await storage.put(`${base}/nested/file.txt`, 'x');
        expect(await storage.head(`${base}/nested`)).toBeNull();
        await expect(storage.get(`${base}/nested`)).rejects.toBeInstanceOf(StorageObjectNotFoundError);
      });
    });

    describe('delete', () => {
      it('removes an object, and deleting it again is not an error', async () => {
        const key = `${folder()}/gone.txt`;
        await storage.put(key, 'bye');
        await storage.delete(key);
        expect(await storage.exists(key)).toBe(false);
        await expect(storage.delete(key)).resolves.toBeUndefined();
      });

      it('removes a batch of keys, ignoring missing ones and leaving the rest', async () => {
        const base = folder();
        await Promise.all(['a', 'b', 'c', 'keep'].map((name) => storage.put(`${base}/${name}`, name)));
        await storage.deleteMany([`${base}/a`, `${base}/b`, `${base}/c`, `${base}/never-existed`]);
        expect(await collect(storage.list(`${base}/`))).toEqual([`${base}/keep`]);
      });

      it('removes more keys than one S3 DeleteObjects request takes (1000)', async () => {
        const base = folder();
        const keys = Array.from({ length: 1_001 }, (_, index) => `${base}/${String(index).padStart(4, '0')}`);
        for (let offset = 0; offset < keys.length; offset += 50) {
          await Promise.all(keys.slice(offset, offset + 50).map((key) => storage.put(key, 'x')));
        }
        expect(await collect(storage.list(`${base}/`))).toHaveLength(1_001);
        await storage.deleteMany(keys);
        expect(await collect(storage.list(`${base}/`))).toEqual([]);
      });

      it('deletes nothing from a batch that holds one invalid key', async () => {
        const key = `${folder()}/kept.txt`;
        await storage.put(key, 'x');
        await expect(storage.deleteMany([key, '../escape'])).rejects.toBeInstanceOf(StorageKeyError);
        expect(await storage.exists(key)).toBe(true);
      });
    });

    describe('list', () => {
      let base: string;
      beforeAll(async () => {
        base = folder();
        for (const name of ['a/1', 'a/2', 'a/b/3', 'ab/4', 'c']) await storage.put(`${base}/${name}`, name);
      });

      it('lists every key under a folder prefix, nested ones included', async () => {
        expect(await collect(storage.list(`${base}/a/`))).toEqual([`${base}/a/1`, `${base}/a/2`, `${base}/a/b/3`]);
      });

      it('treats the prefix as a plain string prefix, as S3 does', async () => {
        expect(await collect(storage.list(`${base}/a`))).toEqual([
          `${base}/a/1`,
          `${base}/a/2`,
          `${base}/a/b/3`,
          `${base}/ab/4`,
        ]);
      });

      it('lists nothing for a prefix with no keys', async () => {
        expect(await collect(storage.list(`${base}/zzz/`))).toEqual([]);
        expect(await collect(storage.list(`${folder()}/`))).toEqual([]);
      });
    });

    describe('scoped', () => {
      it('keeps every key under the prefix and hands keys back relative to it', async () => {
        const base = folder();
        const podcast = storage.scoped(`${base}/podcasts/42`);
        await podcast.put('episodes/1/audio.mp3', 'audio');

        expect(await storage.exists(`${base}/podcasts/42/episodes/1/audio.mp3`)).toBe(true);
        expect((await readAll((await podcast.get('episodes/1/audio.mp3')).body)).toString()).toBe('audio');
        expect(await collect(podcast.list(''))).toEqual(['episodes/1/audio.mp3']);
        expect(await collect(podcast.list('episodes/'))).toEqual(['episodes/1/audio.mp3']);
        await podcast.deleteMany(['episodes/1/audio.mp3']);
        expect(await storage.exists(`${base}/podcasts/42/episodes/1/audio.mp3`)).toBe(false);
      });

      it('nests scopes', async () => {
        const base = folder();
        await storage.scoped(base).scoped('inner/').put('file.txt', 'nested');
        expect(await storage.exists(`${base}/inner/file.txt`)).toBe(true);
        expect(storage.scoped(base).scoped('inner').describe()).toContain(`${base}/inner/`);
      });

      it('cannot reach outside its prefix', async () => {
        const base = folder();
        await storage.put(`${base}/secret.txt`, 'secret');
        const scope = storage.scoped(`${base}/tenant`);
        for (const key of ['../secret.txt', 'a/../../secret.txt', '/secret.txt', '..\\secret.txt']) {
          await expect(scope.get(key)).rejects.toBeInstanceOf(StorageKeyError);
          await expect(scope.delete(key)).rejects.toBeInstanceOf(StorageKeyError);
        }
        await expect(collect(scope.list('../'))).rejects.toBeInstanceOf(StorageKeyError);
        expect(() => storage.scoped('../up')).toThrow(StorageKeyError);
        expect(() => scope.scoped('..')).toThrow(StorageKeyError);
        expect(await storage.exists(`${base}/secret.txt`)).toBe(true);
      });
    });

    describe('key validation', () => {
      it.each(TRAVERSAL_KEYS)('rejects the key %j with StorageKeyError (VALIDATION_FAILED)', async (key) => {
        await expect(storage.put(key, 'x')).rejects.toBeInstanceOf(StorageKeyError);
        await expect(storage.get(key)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
        await expect(storage.head(key)).rejects.toBeInstanceOf(StorageKeyError);
        await expect(storage.exists(key)).rejects.toBeInstanceOf(StorageKeyError);
        await expect(storage.delete(key)).rejects.toBeInstanceOf(StorageKeyError);
        await expect(storage.signedGetUrl(key)).rejects.toBeInstanceOf(StorageKeyError);
        await expect(storage.signedPutUrl(key, { contentType: 'text/plain' })).rejects.toBeInstanceOf(
          StorageKeyError,
        );
        expect(() => storage.publicUrl(key)).toThrow(StorageKeyError);
      });

      it('explains what is wrong with a key', async () => {
        await expect(storage.get('podcasts/../../etc/passwd')).rejects.toThrow(
          'Invalid storage key "podcasts/../../etc/passwd": ".." segments are not allowed',
        );
      });

      it('accepts keys with spaces, unicode and dots inside segments', async () => {
        const key = `${folder()}/Épisode 1 ..final.mp3`;
        await storage.put(key, 'ok');
        expect(await storage.exists(key)).toBe(true);
      });
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
        expect(await readAll(stored.body)).toEqual(bytes);
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
  });
}
