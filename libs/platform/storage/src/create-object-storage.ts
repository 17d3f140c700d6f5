import { FilesystemObjectStorage } from './filesystem/filesystem-object-storage.js';
import type { Clock, ObjectStorage } from './object-storage.js';
import { S3ObjectStorage } from './s3/s3-object-storage.js';
import { parseStorageConfig, type StorageConfigInput } from './storage-config.js';

export interface StorageRuntimeOptions {
  /** Tests move it to check URL expiry without waiting. */
  clock?: Clock;
  /** The filesystem storage's controller reports deliveries (set by `StorageModule` when it has a reporter). */
  reportsDeliveries?: boolean;
}

/** S3 when a bucket is configured, the local filesystem otherwise. */
export function createObjectStorage(
  input: StorageConfigInput,
  runtime: StorageRuntimeOptions = {},
): ObjectStorage {
  const config = parseStorageConfig(input);
  const { s3 } = config;
  if (s3.bucket) {
    return new S3ObjectStorage({
      bucket: s3.bucket,
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: s3.forcePathStyle,
      credentials:
        s3.accessKeyId && s3.secretAccessKey
          ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
          : undefined,
      publicBaseUrl: s3.publicBaseUrl,
      appBaseUrl: config.publicBaseUrl,
      publicPrefix: config.publicPrefix,
      requestChecksumCalculation: s3.requestChecksumCalculation,
      clock: runtime.clock,
    });
  }
  return new FilesystemObjectStorage({
    root: config.filesystem.root,
    publicBaseUrl: config.publicBaseUrl,
    // parseStorageConfig refuses a filesystem configuration without a secret.
    signingSecret: config.filesystem.signingSecret ?? '',
    publicPrefix: config.publicPrefix,
    clock: runtime.clock,
    reportsDeliveries: runtime.reportsDeliveries,
  });
}
