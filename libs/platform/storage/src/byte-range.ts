import { z } from 'zod';

import { DomainError } from '@castbase/contracts';

import type { ByteRange } from './object-storage.js';
import { StorageRangeNotSatisfiableError } from './storage-errors.js';

const byteRangeSchema = z
  .object({
    start: z.number().int().nonnegative(),
    end: z.number().int().nonnegative().optional(),
  })
  .refine((range) => range.end === undefined || range.end >= range.start, {
    message: 'end must not be before start',
  });

export function assertByteRange(range: ByteRange): void {
  const parsed = byteRangeSchema.safeParse(range);
  if (!parsed.success) {
    throw new DomainError('VALIDATION_FAILED', 'Invalid byte range', { range, issues: parsed.error.issues });
  }
}

/** Clamps `range` to an object of `size` bytes, as HTTP does; throws when it starts past the end. */
export function resolveByteRange(
  key: string,
  range: ByteRange,
  size: number,
): { start: number; end: number } {
  if (range.start >= size) throw new StorageRangeNotSatisfiableError(key, range, size);
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

export function contentRangeHeader(start: number, end: number, size: number): string {
  return `bytes ${start}-${end}/${size}`;
}

/** The `Range` header value S3 expects for `range`. */
export function rangeHeader(range: ByteRange): string {
  return `bytes=${range.start}-${range.end ?? ''}`;
}
