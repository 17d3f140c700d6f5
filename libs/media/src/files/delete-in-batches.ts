import type { ObjectStorage } from '@castbase/platform-storage';

/** Objects deleted per storage call: S3's DeleteObjects takes up to 1000, and 100 keeps each call short. */
export const DELETE_BATCH_SIZE = 100;

/** Deletes `keys` a batch of {@link DELETE_BATCH_SIZE} at a time. */
export async function deleteInBatches(storage: ObjectStorage, keys: readonly string[]): Promise<void> {
  for (let offset = 0; offset < keys.length; offset += DELETE_BATCH_SIZE) {
    await storage.deleteMany(keys.slice(offset, offset + DELETE_BATCH_SIZE));
  }
}
