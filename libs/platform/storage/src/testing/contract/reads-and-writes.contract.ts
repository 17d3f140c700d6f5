import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { beforeAll, describe, expect, it } from '@jest/globals';

import type { ObjectStorage } from '../../object-storage.js';
import {
  StorageKeyError,
  StorageObjectNotFoundError,
  StorageRangeNotSatisfiableError,
} from '../../storage-errors.js';
import {
  collect,
  inChunks,
  md5,
  readAll,
  type ObjectStorageContractContext,
} from './object-storage-contract-support.js';

const MULTI_MEGABYTE = 6 * 1024 * 1024 + 123;

/** put, get (whole and ranged), head, exists, delete and deleteMany. */
export function describeReadsAndWrites(context: ObjectStorageContractContext): void {
  const { folder } = context;
  let storage: ObjectStorage;
  beforeAll(() => {
    storage = context.storage();
  });

  describe('put and get', () => {
    it('streams a multi-megabyte body in and reads back the same bytes, type and cache control', async () => {
      const key = `${folder()}/episode.mp3`;
      const bytes = randomBytes(MULTI_MEGABYTE);
      await storage.put(key, inChunks(bytes), {
        contentType: 'audio/mpeg',
        cacheControl: 'public, max-age=60',
      });

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

    it('stores a local file, which keeps its bytes once the file is gone, and is scoped like any key', async () => {
      const base = folder();
      const bytes = randomBytes(MULTI_MEGABYTE);
      const work = await mkdtemp(join(tmpdir(), 'castbase-put-file-'));
      const file = join(work, 'upload');
      await writeFile(file, bytes);
      await storage.putFile(`${base}/kept.wav`, file, {
        contentType: 'audio/wav',
        cacheControl: 'immutable',
      });
      await storage.scoped(base).putFile('scoped.wav', file);
      expect(md5(await readFile(file))).toBe(md5(bytes));
      await rm(work, { recursive: true });

      const object = await storage.get(`${base}/kept.wav`);
      expect(md5(await readAll(object.body))).toBe(md5(bytes));
      expect(object).toMatchObject({
        contentLength: bytes.length,
        contentType: 'audio/wav',
        cacheControl: 'immutable',
      });
      expect(object.etag).toMatch(/\S/);
      expect((await storage.head(`${base}/scoped.wav`))?.contentLength).toBe(bytes.length);
    });

    it('gives an object as a local file, which keeps its bytes when the key is written again', async () => {
      const base = folder();
      const bytes = randomBytes(MULTI_MEGABYTE);
      await storage.put(`${base}/original.wav`, bytes, { contentType: 'audio/wav' });
      const work = await mkdtemp(join(tmpdir(), 'castbase-get-file-'));

      await storage.getFile(`${base}/original.wav`, join(work, 'original'));
      await storage.scoped(base).getFile('original.wav', join(work, 'scoped'));
      await storage.put(`${base}/original.wav`, 'other bytes');

      expect(md5(await readFile(join(work, 'original')))).toBe(md5(bytes));
      expect(md5(await readFile(join(work, 'scoped')))).toBe(md5(bytes));
      await expect(storage.getFile(`${base}/missing.wav`, join(work, 'missing'))).rejects.toBeInstanceOf(
        StorageObjectNotFoundError,
      );
      await rm(work, { recursive: true });
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
      await expect(storage.get(`${folder()}/missing.mp3`)).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
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
      expect(object).toMatchObject({
        contentLength: 10,
        contentRange: 'bytes 0-9/10000',
        contentType: 'audio/mpeg',
      });
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
      await expect(storage.get(key, { range: { start: -1 } })).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
      });
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
}
