import { Module, type DynamicModule, type Provider } from '@nestjs/common';

import { createObjectStorage, type StorageRuntimeOptions } from './create-object-storage.js';
import { FilesystemObjectStorage } from './filesystem/filesystem-object-storage.js';
import { FilesystemStorageController } from './filesystem/filesystem-storage.controller.js';
import { ObjectStorage } from './object-storage.js';
import { S3StorageRedirectController } from './s3/s3-storage-redirect.controller.js';
import { parseStorageConfig, type StorageConfigInput } from './storage-config.js';

export type StorageModuleOptions = StorageConfigInput & StorageRuntimeOptions;

/**
 * Provides `ObjectStorage` to the whole app, and mounts under `/storage` either `FilesystemStorageController`, which
 * serves signed and public URLs, or with S3 `S3StorageRedirectController`, which sends readers of public keys on to
 * the bucket.
 */
@Module({})
export class StorageModule {
  static forRoot(options: StorageModuleOptions): DynamicModule {
    const { clock, ...config } = options;
    const onFilesystem = !parseStorageConfig(config).s3.bucket;
    const providers: Provider[] = [
      { provide: ObjectStorage, useFactory: () => createObjectStorage(config, { clock }) },
    ];
    if (onFilesystem) providers.push({ provide: FilesystemObjectStorage, useExisting: ObjectStorage });
    return {
      module: StorageModule,
      global: true,
      providers,
      controllers: [onFilesystem ? FilesystemStorageController : S3StorageRedirectController],
      exports: [ObjectStorage],
    };
  }
}
