import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe } from '@jest/globals';

import type {
  ObjectStorageContractContext,
  ObjectStorageContractSubject,
} from './testing/contract/object-storage-contract-support.js';
import { describeKeysAndScopes } from './testing/contract/keys-and-scopes.contract.js';
import { describeReadsAndWrites } from './testing/contract/reads-and-writes.contract.js';
import { describeUrls } from './testing/contract/urls.contract.js';

export type { ObjectStorageContractSubject } from './testing/contract/object-storage-contract-support.js';
export { TRAVERSAL_KEYS } from './testing/contract/object-storage-contract-support.js';

/**
 * The one behaviour every `ObjectStorage` must have. Each implementation's spec calls this with a
 * `setUp` that starts whatever the storage needs (an HTTP app, an S3 server) and says how to stop it.
 */
export function describeObjectStorageContract(
  name: string,
  setUp: () => Promise<ObjectStorageContractSubject>,
): void {
  describe(`${name} (ObjectStorage contract)`, () => {
    let subject: ObjectStorageContractSubject | undefined;
    const context: ObjectStorageContractContext = {
      subject: () => {
        if (!subject) throw new Error('The contract subject is not set up yet');
        return subject;
      },
      storage: () => context.subject().storage,
      folder: () => `contract-${randomUUID()}`,
    };

    beforeAll(async () => {
      subject = await setUp();
    });
    afterAll(async () => {
      await subject?.stop();
    });

    describeReadsAndWrites(context);
    describeKeysAndScopes(context);
    describeUrls(context);
  });
}
