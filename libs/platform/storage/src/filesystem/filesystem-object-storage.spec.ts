import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';

import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';

import { TRAVERSAL_KEYS, describeObjectStorageContract } from '../object-storage.contract.js';
import { StorageKeyError } from '../storage-errors.js';
import { AdjustableClock } from '../testing/adjustable-clock.js';
import { startFilesystemStorageApp } from '../testing/storage-test-app.js';
import { FilesystemObjectStorage } from './filesystem-object-storage.js';

describeObjectStorageContract('FilesystemObjectStorage served by FilesystemStorageController', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'castbase-storage-'));
  const clock = new AdjustableClock();
  const app = await startFilesystemStorageApp({ root, signingSecret: 'a'.repeat(32), clock: clock.now });
  return {
    storage: app.storage,
    clock,
    publicUrlBase: `${app.baseUrl}/storage/`,
    async stop() {
      await app.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
});

describe('FilesystemObjectStorage on disk', () => {
  let parent: string;
  let root: string;
  let storage: FilesystemObjectStorage;

  beforeEach(async () => {
    parent = await mkdtemp(path.join(tmpdir(), 'castbase-storage-disk-'));
    root = path.join(parent, 'store');
    storage = new FilesystemObjectStorage({
      root,
      publicBaseUrl: 'https://castbase.example/api/',
      signingSecret: 'x'.repeat(32),
    });
  });

  afterEach(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  it('keeps the content at objects/<key> and a JSON sidecar at metadata/<key>, with nothing left in tmp', async () => {
    await storage.put('podcasts/1/cover.jpg', 'jpeg', {
      contentType: 'image/jpeg',
      cacheControl: 'max-age=60',
    });
    expect(await readFile(path.join(root, 'objects/podcasts/1/cover.jpg'), 'utf8')).toBe('jpeg');
    expect(JSON.parse(await readFile(path.join(root, 'metadata/podcasts/1/cover.jpg'), 'utf8'))).toEqual({
      contentType: 'image/jpeg',
      cacheControl: 'max-age=60',
      etag: createHash('md5').update('jpeg').digest('hex'),
    });
    expect(await readdir(path.join(root, 'tmp'))).toEqual([]);
  });

  it('keeps the previous content when a streamed write fails halfway', async () => {
    await storage.put('episode.mp3', 'complete old version');
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial new'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put('episode.mp3', failing)).rejects.toThrow('client went away');
    expect((await readAll(await storage.get('episode.mp3'))).toString()).toBe('complete old version');
    expect(await readdir(path.join(root, 'tmp'))).toEqual([]);
  });

  it('removes folders a delete leaves empty', async () => {
    await storage.put('podcasts/1/episodes/2/audio.mp3', 'audio');
    await storage.put('podcasts/1/cover.jpg', 'cover');
    await storage.delete('podcasts/1/episodes/2/audio.mp3');
    expect(await readdir(path.join(root, 'objects/podcasts/1'))).toEqual(['cover.jpg']);
    expect(await readdir(path.join(root, 'metadata/podcasts/1'))).toEqual(['cover.jpg']);
  });

  it('refuses a key that would need an existing key as its folder, and the reverse', async () => {
    await storage.put('a', 'file');
    await expect(storage.put('a/b', 'nested')).rejects.toBeInstanceOf(StorageKeyError);
    await storage.put('c/d', 'nested');
    await expect(storage.put('c', 'file')).rejects.toBeInstanceOf(StorageKeyError);
    expect((await readAll(await storage.get('a'))).toString()).toBe('file');
    expect(await readdir(path.join(root, 'tmp'))).toEqual([]);
  });

  it('rebuilds metadata for content without a sidecar', async () => {
    await mkdir(path.join(root, 'objects/imported'), { recursive: true });
    await writeFile(path.join(root, 'objects/imported/file.bin'), 'copied in by hand');
    expect(await storage.head('imported/file.bin')).toMatchObject({
      contentType: 'application/octet-stream',
      contentLength: 17,
      etag: createHash('md5').update('copied in by hand').digest('hex'),
    });
  });

  it('writes nothing outside its root for any traversal key', async () => {
    await storage.put('inside/file', 'inside');
    for (const key of TRAVERSAL_KEYS)
      await expect(storage.put(key, 'escape')).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.scoped('tenant').put('../../../escape', 'escape')).rejects.toBeInstanceOf(
      StorageKeyError,
    );
    expect(await readdir(parent)).toEqual(['store']);
    const stored: string[] = [];
    for await (const key of storage.list('')) stored.push(key);
    expect(stored).toEqual(['inside/file']);
  });

  it('builds URLs under <publicBaseUrl>/storage/ with each key segment encoded', async () => {
    expect(storage.publicUrl('public/a b/ü?.jpg')).toBe(
      'https://castbase.example/api/storage/public/a%20b/%C3%BC%3F.jpg',
    );
    const url = new URL(await storage.signedGetUrl('private/x.mp3', { expiresInSeconds: 90 }));
    expect(url.pathname).toBe('/api/storage/private/x.mp3');
    expect([...url.searchParams.keys()]).toEqual(['expires', 'signature']);
  });

  it('describes itself with the absolute path of its root folder', () => {
    expect(
      new FilesystemObjectStorage({
        root: './.data/storage',
        publicBaseUrl: 'http://x',
        signingSecret: 's',
      }).describe(),
    ).toBe(`filesystem (${path.resolve('./.data/storage')})`);
  });
});

async function readAll(object: { body: Readable }): Promise<Buffer> {
  return Buffer.concat(await object.body.toArray());
}
