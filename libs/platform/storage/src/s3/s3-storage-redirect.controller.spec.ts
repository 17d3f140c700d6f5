import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { S3RVER_CREDENTIALS, startS3rver, type S3rverTestServer } from '../testing/s3rver-test-server.js';
import { startStorageApp, type StorageTestApp } from '../testing/storage-test-app.js';
import { S3ObjectStorage } from './s3-object-storage.js';

const body = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 251));

describe('S3StorageRedirectController', () => {
  let server: S3rverTestServer;
  let privateBucket: StorageTestApp;
  let behindCdn: StorageTestApp;

  beforeAll(async () => {
    server = await startS3rver();
    const s3 = {
      bucket: server.bucket,
      endpoint: server.endpoint,
      forcePathStyle: true,
      accessKeyId: S3RVER_CREDENTIALS.accessKeyId,
      secretAccessKey: S3RVER_CREDENTIALS.secretAccessKey,
      requestChecksumCalculation: 'WHEN_REQUIRED' as const,
    };
    privateBucket = await startStorageApp({ s3 });
    behindCdn = await startStorageApp({ s3: { ...s3, publicBaseUrl: 'https://cdn.example.com/media/' } });
    await privateBucket.storage.put('public/media/a/episode.mp3', body, { contentType: 'audio/mpeg' });
  });

  afterAll(async () => {
    await privateBucket?.stop();
    await behindCdn?.stop();
    await server?.stop();
  });

  it('gives public keys URLs of the app, which redirect to a presigned URL valid for 60 seconds', async () => {
    const url = privateBucket.storage.publicUrl('public/media/a/episode.mp3');
    expect(url).toBe(`${privateBucket.baseUrl}/storage/public/media/a/episode.mp3`);

    for (const method of ['GET', 'HEAD']) {
      const response = await fetch(url, { method, redirect: 'manual' });
      expect(response.status).toBe(302);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const location = new URL(response.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe(
        `${server.endpoint}/${server.bucket}/public/media/a/episode.mp3`,
      );
      expect(location.searchParams.get('X-Amz-Expires')).toBe('60');
    }
  });

  it('leads a podcast app that follows the redirect to the bytes, ranges included', async () => {
    const url = privateBucket.storage.publicUrl('public/media/a/episode.mp3');
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(body);

    const range = await fetch(url, { headers: { Range: 'bytes=100-199' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(Buffer.from(await range.arrayBuffer())).toEqual(body.subarray(100, 200));
  });

  it('redirects to the CDN when public keys are read from one, cacheable for an hour', async () => {
    const response = await fetch(`${behindCdn.baseUrl}/storage/public/media/a/episode.mp3`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('https://cdn.example.com/media/public/media/a/episode.mp3');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(behindCdn.storage.publicUrl('public/x.jpg')).toBe('https://cdn.example.com/media/public/x.jpg');
  });

  it('refuses a key outside the public prefix or not a valid key with 400, sending nobody to the bucket', async () => {
    for (const path of ['private/secret.mp3', 'public/../private/secret.mp3', 'public//a.mp3']) {
      const response = await fetch(`${privateBucket.baseUrl}/storage/${path}`, { redirect: 'manual' });
      expect({ path, status: response.status, location: response.headers.get('location') }).toEqual({
        path,
        status: 400,
        location: null,
      });
      expect(await response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});

describe('S3ObjectStorage public URLs without an app address', () => {
  it('derives them from the bucket and its addressing style', () => {
    const urlOf = (options: { region: string; endpoint?: string }) => {
      const storage = new S3ObjectStorage({ bucket: 'media', ...options });
      const url = storage.publicUrl('public/a.jpg');
      storage.onModuleDestroy();
      return url;
    };
    expect(urlOf({ region: 'eu-west-3' })).toBe('https://media.s3.eu-west-3.amazonaws.com/public/a.jpg');
    expect(urlOf({ region: 'auto', endpoint: 'https://r2.example.com' })).toBe(
      'https://media.r2.example.com/public/a.jpg',
    );
  });
});
