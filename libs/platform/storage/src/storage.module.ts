import { Module, type DynamicModule, type Provider, type Type } from '@nestjs/common';

import { createObjectStorage, type StorageRuntimeOptions } from './create-object-storage.js';
import { FilesystemObjectStorage } from './filesystem/filesystem-object-storage.js';
import { FilesystemStorageController } from './filesystem/filesystem-storage.controller.js';
import { StorageDeliveryReporter } from './http/delivery-meter.js';
import { ObjectStorage } from './object-storage.js';
import { S3StorageRedirectController } from './s3/s3-storage-redirect.controller.js';
import { parseStorageConfig, type StorageConfigInput } from './storage-config.js';

export type StorageModuleOptions = StorageConfigInput &
  Omit<StorageRuntimeOptions, 'reportsDeliveries'> & {
    /**
     * The optional hook for deliveries: with filesystem storage, the bytes sent of a public GET whose URL carries a
     * delivery reference are reported to it (and `readUrl` says so). S3 sends its own bytes: nothing is reported.
     */
    deliveryReporter?: Type<StorageDeliveryReporter>;
  };

/**
 * Provides `ObjectStorage` to the whole app, and mounts under `/storage` either `FilesystemStorageController`, which
 * serves signed and public URLs (and reports deliveries to the `deliveryReporter`, when given), or with S3
 * `S3StorageRedirectController`, which sends readers of public keys on to the bucket.
 */
@Module({})
export class StorageModule {
  static forRoot(options: StorageModuleOptions): DynamicModule {
    const { clock, deliveryReporter, ...config } = options;
    const onFilesystem = !parseStorageConfig(config).s3.bucket;
    const reportsDeliveries = onFilesystem && deliveryReporter !== undefined;
    const providers: Provider[] = [
      {
        provide: ObjectStorage,
        useFactory: () => createObjectStorage(config, { clock, reportsDeliveries }),
      },
    ];
    if (onFilesystem) providers.push({ provide: FilesystemObjectStorage, useExisting: ObjectStorage });
    if (reportsDeliveries) providers.push({ provide: StorageDeliveryReporter, useClass: deliveryReporter });
    return {
      module: StorageModule,
      global: true,
      providers,
      controllers: [onFilesystem ? FilesystemStorageController : S3StorageRedirectController],
      exports: [ObjectStorage],
    };
  }
}
