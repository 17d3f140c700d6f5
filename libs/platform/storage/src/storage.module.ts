import { Module, type DynamicModule, type Provider } from '@nestjs/common';

import { createObjectStorage, type StorageRuntimeOptions } from './create-object-storage.js';
import { FilesystemObjectStorage } from './filesystem/filesystem-object-storage.js';
import { FilesystemStorageController } from './filesystem/filesystem-storage.controller.js';
import { ObjectStorage } from './object-storage.js';
import { parseStorageConfig, type StorageConfigInput } from './storage-config.js';

export type StorageModuleOptions = StorageConfigInput & StorageRuntimeOptions;

/**
 * Provides `ObjectStorage` to the whole app. With filesystem storage it also mounts
 * `FilesystemStorageController` under `/storage`, which serves signed and public URLs.
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
      controllers: onFilesystem ? [FilesystemStorageController] : [],
      exports: [ObjectStorage],
    };
  }
}
