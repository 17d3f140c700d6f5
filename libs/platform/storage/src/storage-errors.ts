import { DomainError } from '@castbase/contracts';

import type { ByteRange } from './object-storage.js';

/** A key or prefix that could reach outside its store or scope, or that the store cannot hold. */
export class StorageKeyError extends DomainError {
  constructor(
    readonly key: unknown,
    readonly reason: string,
  ) {
    super('VALIDATION_FAILED', `Invalid storage key ${JSON.stringify(key)}: ${reason}`, { key, reason });
  }
}

export class StorageObjectNotFoundError extends DomainError {
  constructor(readonly key: string) {
    super('NOT_FOUND', 'Stored object not found', { key });
  }
}

/** A well-formed range that starts past the last byte of the object (HTTP 416). */
export class StorageRangeNotSatisfiableError extends DomainError {
  constructor(
    readonly key: string,
    readonly range: ByteRange,
    /** Size of the object when known, for a `Content-Range: bytes *\/size` answer. */
    readonly objectSize?: number,
  ) {
    super('VALIDATION_FAILED', 'The requested byte range is not satisfiable', { key, range, objectSize });
  }
}

export type StorageSignatureProblem = 'missing' | 'invalid' | 'expired';

const signatureMessages: Record<StorageSignatureProblem, string> = {
  missing: 'This storage URL needs a valid signature (expires and signature parameters)',
  invalid: 'This storage URL signature is invalid',
  expired: 'This storage URL has expired',
};

/** A signed filesystem-storage URL that is missing, tampered with or expired (HTTP 403). */
export class StorageSignatureError extends DomainError {
  constructor(readonly problem: StorageSignatureProblem) {
    super('FORBIDDEN', signatureMessages[problem], { problem });
  }
}
