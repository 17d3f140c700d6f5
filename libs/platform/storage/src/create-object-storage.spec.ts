import { resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';

import { createObjectStorage } from './create-object-storage.js';
import { FilesystemObjectStorage } from './filesystem/filesystem-object-storage.js';
import { S3ObjectStorage } from './s3/s3-object-storage.js';

const signingSecret = 'q'.repeat(32);

describe('createObjectStorage', () => {
  it('chooses the filesystem under ./.data/storage (described by its absolute path) when no bucket is configured', () => {
    const storage = createObjectStorage({
      publicBaseUrl: 'http://localhost:3000',
      filesystem: { signingSecret },
    });
    expect(storage).toBeInstanceOf(FilesystemObjectStorage);
    expect(storage.describe()).toBe(`filesystem (${resolve('./.data/storage')})`);
    expect(storage.publicUrl('public/cover.jpg')).toBe('http://localhost:3000/storage/public/cover.jpg');
  });

  it('chooses S3 when a bucket is configured, and names bucket and endpoint', () => {
    const storage = createObjectStorage({
      publicBaseUrl: 'http://localhost:3000',
      s3: { bucket: 'media', endpoint: 'http://minio:9000', forcePathStyle: true },
    });
    expect(storage).toBeInstanceOf(S3ObjectStorage);
    expect(storage.describe()).toBe('s3 (media@http://minio:9000)');
    // The bucket stays private: the app redirects readers to a presigned URL.
    expect(storage.publicUrl('public/cover.jpg')).toBe('http://localhost:3000/storage/public/cover.jpg');
  });

  it('gives public S3 URLs of the app, or of the configured CDN', () => {
    const publicUrlOf = (s3: Record<string, unknown>) =>
      createObjectStorage({
        publicBaseUrl: 'http://localhost:3000/',
        s3: { bucket: 'media', ...s3 },
      }).publicUrl('public/a.jpg');
    expect(publicUrlOf({ region: 'eu-west-3' })).toBe('http://localhost:3000/storage/public/a.jpg');
    expect(publicUrlOf({ publicBaseUrl: 'https://cdn.example.com/' })).toBe(
      'https://cdn.example.com/public/a.jpg',
    );
    expect(createObjectStorage({ publicBaseUrl: 'http://x', s3: { bucket: 'media' } }).describe()).toBe(
      's3 (media@aws:us-east-1)',
    );
  });

  it('refuses filesystem storage without a signing secret of 32 characters', () => {
    expect(() => createObjectStorage({ publicBaseUrl: 'http://localhost:3000' })).toThrow(
      'Filesystem storage needs a signing secret of at least 32 characters',
    );
    expect(() =>
      createObjectStorage({ publicBaseUrl: 'http://localhost:3000', filesystem: { signingSecret: 'short' } }),
    ).toThrow(/Invalid storage configuration/);
  });

  it('refuses half a pair of S3 credentials and a public base URL that is not a URL', () => {
    expect(() =>
      createObjectStorage({
        publicBaseUrl: 'http://localhost:3000',
        s3: { bucket: 'media', accessKeyId: 'AKIA' },
      }),
    ).toThrow('S3 credentials need both an access key id and a secret access key');
    expect(() => createObjectStorage({ publicBaseUrl: 'localhost', filesystem: { signingSecret } })).toThrow(
      /publicBaseUrl/,
    );
  });
});
