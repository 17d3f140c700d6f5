import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamicModule } from '@nestjs/common';
import { StorageModule } from './storage.module.js';

/**
 * Storage for the test app of a service that keeps media keys and makes URLs from them when it reads (identity,
 * catalog, analytics): filesystem storage whose public URLs are `${publicBaseUrl}/storage/<key>`. Nothing is
 * written unless a test stores something.
 */
export function testStorageModule(publicBaseUrl = 'http://127.0.0.1'): DynamicModule {
  return StorageModule.forRoot({
    publicBaseUrl,
    filesystem: {
      root: join(tmpdir(), 'castbase-test-storage'),
      signingSecret: 'castbase-test-storage-signing-secret',
    },
  });
}
