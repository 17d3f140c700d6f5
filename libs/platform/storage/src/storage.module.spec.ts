import { describe, expect, it } from '@jest/globals';
import { Test } from '@nestjs/testing';

import { FilesystemObjectStorage } from './filesystem/filesystem-object-storage.js';
import { FilesystemStorageController } from './filesystem/filesystem-storage.controller.js';
import { ObjectStorage } from './object-storage.js';
import { S3ObjectStorage } from './s3/s3-object-storage.js';
import { S3StorageRedirectController } from './s3/s3-storage-redirect.controller.js';
import { StorageModule } from './storage.module.js';

const signingSecret = 'q'.repeat(32);

describe('StorageModule.forRoot', () => {
  it('provides filesystem storage and mounts FilesystemStorageController without a bucket', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        StorageModule.forRoot({ publicBaseUrl: 'http://localhost:3000', filesystem: { signingSecret } }),
      ],
    }).compile();
    expect(moduleRef.get(ObjectStorage)).toBeInstanceOf(FilesystemObjectStorage);
    expect(moduleRef.get(FilesystemStorageController)).toBeInstanceOf(FilesystemStorageController);
    await moduleRef.close();
  });

  it('provides S3 storage and mounts the redirect to the bucket with a bucket', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [StorageModule.forRoot({ publicBaseUrl: 'http://localhost:3000', s3: { bucket: 'media' } })],
    }).compile();
    expect(moduleRef.get(ObjectStorage)).toBeInstanceOf(S3ObjectStorage);
    expect(moduleRef.get(S3StorageRedirectController)).toBeInstanceOf(S3StorageRedirectController);
    expect(() => moduleRef.get(FilesystemStorageController)).toThrow();
    await moduleRef.close();
  });
});
