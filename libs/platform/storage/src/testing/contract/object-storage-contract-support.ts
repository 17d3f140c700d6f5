import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';

import type { ObjectStorage } from '../../object-storage.js';
import type { AdjustableClock } from '../adjustable-clock.js';

export interface ObjectStorageContractSubject {
  storage: ObjectStorage;
  /** The clock the storage signs with (and, for the filesystem, verifies with). */
  clock: AdjustableClock;
  /** What `publicUrl(key)` puts before the URL-encoded key. */
  publicUrlBase: string;
  stop(): Promise<void>;
}

/** What each section of the contract gets: the subject once set up, and a fresh folder per test. */
export interface ObjectStorageContractContext {
  subject(): ObjectStorageContractSubject;
  storage(): ObjectStorage;
  /** A folder no other test writes to, so tests never see each other's keys. */
  folder(): string;
}

/** Keys that would reach outside a store or a scope, or that two stores would read differently. */
export const TRAVERSAL_KEYS = [
  '',
  '/etc/passwd',
  '..',
  '.',
  '../outside',
  'inside/../../outside',
  'inside/./file',
  'inside//file',
  'inside/',
  'inside\\..\\outside',
  'nul\u0000byte',
  'new\nline',
];

export async function readAll(body: Readable): Promise<Buffer> {
  return Buffer.concat(await body.toArray());
}

/** The keys of a listing, sorted: the port guarantees no order. */
export async function collect(keys: AsyncIterable<string>): Promise<string[]> {
  const collected: string[] = [];
  for await (const key of keys) collected.push(key);
  return collected.sort();
}

export function inChunks(bytes: Buffer, size = 64 * 1024): Readable {
  return Readable.from(
    (function* chunks() {
      for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
    })(),
  );
}

export const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
