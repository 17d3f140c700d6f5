import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describeObjectStorageContract } from '../object-storage.contract.js';
import { AdjustableClock } from '../testing/adjustable-clock.js';
import { startFilesystemStorageApp } from '../testing/filesystem-storage-test-app.js';

describeObjectStorageContract('FilesystemObjectStorage served by FilesystemStorageController', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'castbase-storage-'));
  const clock = new AdjustableClock();
  const app = await startFilesystemStorageApp({ root, signingSecret: 'a'.repeat(32), clock: clock.now });
  return {
    storage: app.storage,
    clock,
    publicUrlBase: `${app.baseUrl}/storage/`,
    async stop() {
      await app.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
});
