import { beforeAll, describe, expect, it } from '@jest/globals';

import type { ObjectStorage } from '../../object-storage.js';
import { StorageKeyError } from '../../storage-errors.js';
import {
  TRAVERSAL_KEYS,
  collect,
  readAll,
  type ObjectStorageContractContext,
} from './object-storage-contract-support.js';

/** list, scoped and the key rules that keep every key inside its store and scope. */
export function describeKeysAndScopes(context: ObjectStorageContractContext): void {
  const { folder } = context;
  let storage: ObjectStorage;
  beforeAll(() => {
    storage = context.storage();
  });

  describe('list', () => {
    let base: string;
    beforeAll(async () => {
      base = folder();
      for (const name of ['a/1', 'a/2', 'a/b/3', 'ab/4', 'c']) await storage.put(`${base}/${name}`, name);
    });

    it('lists every key under a folder prefix, nested ones included', async () => {
      expect(await collect(storage.list(`${base}/a/`))).toEqual([
        `${base}/a/1`,
        `${base}/a/2`,
        `${base}/a/b/3`,
      ]);
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
}
