import { request as httpRequest } from 'node:http';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import type { ObjectStorage } from '../object-storage.js';
import { AdjustableClock } from '../testing/adjustable-clock.js';
import { startFilesystemStorageApp, type StorageTestApp } from '../testing/storage-test-app.js';

/** A GET whose path is sent exactly as written; fetch would normalise `..` and `%2E%2E` away. */
function rawGet(baseUrl: string, rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${baseUrl}${rawPath}`, { method: 'GET' }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.path = rawPath;
    request.on('error', reject).end();
  });
}

describe('FilesystemStorageController', () => {
  let parent: string;
  let app: StorageTestApp;
  let storage: ObjectStorage;
  const clock = new AdjustableClock();
  const episode = Buffer.from('0123456789abcdefghij');

  beforeAll(async () => {
    parent = await mkdtemp(path.join(tmpdir(), 'castbase-storage-http-'));
    await writeFile(path.join(parent, 'outside.txt'), 'outside the store');
    app = await startFilesystemStorageApp({
      root: path.join(parent, 'root'),
      signingSecret: 's'.repeat(40),
      clock: clock.now,
    });
    storage = app.storage;
    await storage.put('podcasts/1/episode.mp3', episode, { contentType: 'audio/mpeg' });
    await storage.put('public/podcasts/1/cover.jpg', 'cover', {
      contentType: 'image/jpeg',
      cacheControl: 'public, max-age=300',
    });
  });

  afterAll(async () => {
    await app?.stop();
    await rm(parent, { recursive: true, force: true });
  });

  describe('GET', () => {
    it('answers a Range request with 206, Content-Range and only those bytes', async () => {
      const url = await storage.signedGetUrl('podcasts/1/episode.mp3');
      const response = await fetch(url, { headers: { Range: 'bytes=5-9' } });
      expect(response.status).toBe(206);
      expect(response.headers.get('content-range')).toBe('bytes 5-9/20');
      expect(response.headers.get('content-length')).toBe('5');
      expect(response.headers.get('accept-ranges')).toBe('bytes');
      expect(await response.text()).toBe('56789');
    });

    it('answers a suffix range with the last bytes', async () => {
      const response = await fetch(await storage.signedGetUrl('podcasts/1/episode.mp3'), {
        headers: { Range: 'bytes=-4' },
      });
      expect(response.status).toBe(206);
      expect(response.headers.get('content-range')).toBe('bytes 16-19/20');
      expect(await response.text()).toBe('ghij');
    });

    it('answers a range past the end with 416 and the object size', async () => {
      const response = await fetch(await storage.signedGetUrl('podcasts/1/episode.mp3'), {
        headers: { Range: 'bytes=20-' },
      });
      expect(response.status).toBe(416);
      expect(response.headers.get('content-range')).toBe('bytes */20');
      expect(await response.json()).toMatchObject({ message: 'The requested byte range is not satisfiable' });
    });

    it('answers a whole read with 200, the length, type, etag and last-modified date', async () => {
      const response = await fetch(await storage.signedGetUrl('podcasts/1/episode.mp3'));
      const head = await storage.head('podcasts/1/episode.mp3');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-length')).toBe('20');
      expect(response.headers.get('content-type')).toBe('audio/mpeg');
      expect(response.headers.get('etag')).toBe(`"${head?.etag}"`);
      expect(response.headers.get('last-modified')).toBe(head?.lastModified.toUTCString());
      expect(Buffer.from(await response.arrayBuffer())).toEqual(episode);
    });

    it('answers 304 when If-None-Match carries the current etag', async () => {
      const head = await storage.head('public/podcasts/1/cover.jpg');
      const response = await fetch(`${app.baseUrl}/storage/public/podcasts/1/cover.jpg`, {
        headers: { 'If-None-Match': `"${head?.etag}"` },
      });
      expect(response.status).toBe(304);
    });

    it('answers HEAD with the headers and no body', async () => {
      const response = await fetch(await storage.signedGetUrl('podcasts/1/episode.mp3'), { method: 'HEAD' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-length')).toBe('20');
      expect(await response.text()).toBe('');
    });

    it('serves keys under the public prefix without a signature, with their cache control, to any origin', async () => {
      const response = await fetch(`${app.baseUrl}/storage/public/podcasts/1/cover.jpg`, {
        headers: { origin: 'https://player.example.org' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=300');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(await response.text()).toBe('cover');
    });

    it('refuses an unsigned read of a private key with 403 and a clear message', async () => {
      const response = await fetch(`${app.baseUrl}/storage/podcasts/1/episode.mp3`);
      expect(response.status).toBe(403);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(await response.json()).toEqual({
        code: 'FORBIDDEN',
        message: 'This storage URL needs a valid signature (expires and signature parameters)',
        details: { problem: 'missing' },
      });
    });

    it('refuses an expired URL with 403 "This storage URL has expired"', async () => {
      clock.shift(-5 * 60_000);
      const url = await storage.signedGetUrl('podcasts/1/episode.mp3', { expiresInSeconds: 60 });
      clock.reset();
      const response = await fetch(url);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({
        code: 'FORBIDDEN',
        message: 'This storage URL has expired',
      });
    });

    it('refuses a URL whose expiry, key or download name was changed with 403 "signature is invalid"', async () => {
      const url = new URL(await storage.signedGetUrl('podcasts/1/episode.mp3', { downloadName: 'a.mp3' }));
      const later = new URL(url);
      later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
      const otherKey = new URL(url);
      otherKey.pathname = '/storage/podcasts/2/episode.mp3';
      const renamed = new URL(url);
      renamed.searchParams.set('download', 'b.mp3');

      for (const tampered of [later, otherKey, renamed]) {
        const response = await fetch(tampered);
        expect(response.status).toBe(403);
        expect(await response.json()).toMatchObject({ message: 'This storage URL signature is invalid' });
      }
    });

    it('answers 404 for a signed URL to a key that does not exist', async () => {
      const response = await fetch(await storage.signedGetUrl('podcasts/1/missing.mp3'));
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Stored object not found' });
    });

    it.each([
      '/storage/public/%2E%2E/%2E%2E/outside.txt',
      '/storage/public/../../outside.txt',
      '/storage/public/..%2F..%2Foutside.txt',
      '/storage/public/a%5C..%5C..%5Coutside.txt',
      '/storage/public/a%00b',
    ])('refuses the traversal path %s with 400 and never reads outside the store', async (rawPath) => {
      const response = await rawGet(app.baseUrl, rawPath);
      expect(response.status).toBe(400);
      expect(JSON.parse(response.body)).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(response.body).not.toContain('outside the store');
    });
  });

  describe('PUT', () => {
    it('streams the body of a signed upload into storage and answers its etag', async () => {
      const upload = await storage.signedPutUrl('uploads/new.mp3', { contentType: 'audio/mpeg' });
      const response = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: 'new audio' });
      const head = await storage.head('uploads/new.mp3');
      expect(response.status).toBe(200);
      expect(response.headers.get('etag')).toBe(`"${head?.etag}"`);
      expect(head).toMatchObject({ contentType: 'audio/mpeg', contentLength: 9 });
    });

    it('refuses an upload with another Content-Type than the signed one', async () => {
      const upload = await storage.signedPutUrl('uploads/typed.mp3', { contentType: 'audio/mpeg' });
      const response = await fetch(upload.url, {
        method: 'PUT',
        headers: { 'content-type': 'text/html' },
        body: '<script>',
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ message: 'This storage URL signature is invalid' });
      expect(await storage.exists('uploads/typed.mp3')).toBe(false);
    });

    it('refuses an upload to a signed GET URL', async () => {
      await storage.put('uploads/existing.mp3', 'original');
      const url = await storage.signedGetUrl('uploads/existing.mp3');
      const response = await fetch(url, { method: 'PUT', body: 'overwritten' });
      expect(response.status).toBe(403);
      expect(await fetch(url).then((read) => read.text())).toBe('original');
    });

    it('refuses an unsigned upload, even under the public prefix', async () => {
      const response = await fetch(`${app.baseUrl}/storage/public/evil.html`, {
        method: 'PUT',
        headers: { 'content-type': 'text/html' },
        body: '<script>',
      });
      expect(response.status).toBe(403);
      expect(await storage.exists('public/evil.html')).toBe(false);
    });
  });

  it('leaves the folder around the store untouched', async () => {
    expect((await readdir(parent)).sort()).toEqual(['outside.txt', 'root']);
  });
});
