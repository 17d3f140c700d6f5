import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileConfigstore, FileStore, type Configstore } from '@tus/file-store';
import { ERRORS, type Upload } from '@tus/server';
import { rememberAtMost } from './remember-at-most.js';

/**
 * How many received bytes may wait for the disk. `@tus/file-store` writes with the default 64 KB, which is one socket
 * read: each read then waits for its write before the socket is read again. With room for a megabyte the socket
 * keeps being read while the disk writes, and what queued up meanwhile goes down in one `writev`.
 */
const WRITE_BUFFER_BYTES = 1024 * 1024;

/** Uploads whose JSON file is remembered; past this many the longest-known is forgotten (and read again). */
const REMEMBERED_UPLOADS = 1000;

/**
 * The JSON file beside each upload (size, metadata), read once rather than on every PATCH: it is written only
 * through this store, at creation (and when a deferred length is declared), so the remembered copy is the file.
 */
class RememberingConfigstore implements Configstore {
  private readonly remembered = new Map<string, Upload>();

  constructor(private readonly files: Configstore) {}

  async get(key: string): Promise<Upload | undefined> {
    const known = this.remembered.get(key);
    // A copy: the file store changes what it gets before it sets it, and the set may fail.
    if (known) return structuredClone(known);
    const upload = await this.files.get(key);
    if (upload) this.remember(key, upload);
    return upload;
  }

  async set(key: string, value: Upload): Promise<void> {
    await this.files.set(key, value);
    // As the file will read: JSON.
    this.remember(key, JSON.parse(JSON.stringify(value)) as Upload);
  }

  async delete(key: string): Promise<void> {
    this.remembered.delete(key);
    await this.files.delete(key);
  }

  list(): Promise<string[]> {
    return this.files.list?.() ?? Promise.resolve([]);
  }

  private remember(key: string, upload: Upload): void {
    rememberAtMost(this.remembered, REMEMBERED_UPLOADS, key, upload);
  }
}

/**
 * `@tus/file-store` that reads an upload's JSON file once (see {@link RememberingConfigstore}), whose PATCH bodies
 * reach the disk without waiting for each other (see {@link WRITE_BUFFER_BYTES}), and whose received bytes are
 * flushed to the disk while the next ones arrive: storage syncs a finished upload before it becomes a media file,
 * and that sync then has only the last chunk left to write instead of the whole file, on the request that answers
 * the client.
 */
export class UploadFileStore extends FileStore {
  private readonly flushing = new Set<string>();

  constructor({ directory }: { directory: string }) {
    super({ directory, configstore: new RememberingConfigstore(new FileConfigstore(directory)) });
  }

  override async write(readable: Readable, fileId: string, offset: number): Promise<number> {
    // The id is one of ours (a UUID, see createTusServer), never a path out of the folder.
    const path = join(this.directory, fileId);
    const file = createWriteStream(path, { flags: 'r+', start: offset, highWaterMark: WRITE_BUFFER_BYTES });
    try {
      await pipeline(readable, file);
    } catch (error) {
      // What @tus/file-store answers: 500 with its message.
      throw Object.assign(new Error(ERRORS.FILE_WRITE_ERROR.body, { cause: error }), ERRORS.FILE_WRITE_ERROR);
    }
    this.flushSoon(path);
    return offset + file.bytesWritten;
  }

  /** Starts writing the file's bytes to the disk, unless that is already under way; nothing waits for it. */
  private flushSoon(path: string): void {
    if (this.flushing.has(path)) return;
    this.flushing.add(path);
    void flushToDisk(path)
      // Only the finished upload's sync, which does not depend on this one, guarantees anything.
      .catch(() => undefined)
      .finally(() => this.flushing.delete(path));
  }
}

async function flushToDisk(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}
