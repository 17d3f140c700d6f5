import type { ByteRange } from '../object-storage.js';

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * Reads a `Range` header against an object of `size` bytes (RFC 9110 §14). A missing, malformed or
 * multi-range header gives `undefined` (serve the whole object, which the RFC allows); a suffix
 * range (`bytes=-500`) becomes an explicit start. Ranges starting past the end are returned as they
 * are so the storage can refuse them with a 416.
 */
export function parseRangeHeader(header: string | undefined, size: number): ByteRange | undefined {
  const match = header === undefined ? null : SINGLE_RANGE.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffixLength = Number(last);
    // A zero-length suffix, or any suffix of an empty object, selects nothing.
    if (suffixLength === 0 || size === 0) return { start: size };
    return { start: Math.max(0, size - suffixLength) };
  }
  const start = Number(first);
  if (last === '') return { start };
  const end = Number(last);
  return end < start ? undefined : { start, end };
}
