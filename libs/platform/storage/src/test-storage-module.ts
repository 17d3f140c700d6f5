import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamicModule, Type } from '@nestjs/common';
import type { StorageDeliveryReporter } from './http/delivery-meter.js';
import { StorageModule } from './storage.module.js';

/**
 * Storage for the test app of a service that keeps media keys and makes URLs from them when it reads (identity,
 * catalog, analytics): filesystem storage whose public URLs are `${publicBaseUrl}/storage/<key>`. Nothing is
 * written unless a test stores something. `deliveryReporter` measures what its controller sends, as in a process.
 */
export function testStorageModule(
  publicBaseUrl = 'http://127.0.0.1',
  options: { deliveryReporter?: Type<StorageDeliveryReporter> } = {},
): DynamicModule {
  return StorageModule.forRoot({
    publicBaseUrl,
    filesystem: {
      root: join(tmpdir(), 'castbase-test-storage'),
      signingSecret: 'castbase-test-storage-signing-secret',
    },
    ...(options.deliveryReporter && { deliveryReporter: options.deliveryReporter }),
  });
}
