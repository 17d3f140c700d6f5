import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, lstat, mkdir, open, rm, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { assertByteRange, contentRangeHeader, resolveByteRange } from '../byte-range.js';
import {
  DEFAULT_CONTENT_TYPE,
  ObjectStorage,
  systemClock,
  type Clock,
  type GetObjectOptions,
  type ObjectBody,
  type ObjectHead,
  type PutObjectOptions,
  type ReadUrl,
  type SignedGetUrlOptions,
  type SignedPutUrlOptions,
  type SignedUpload,
  type StoredObject,
} from '../object-storage.js';
import { DEFAULT_PUBLIC_PREFIX, assertPublicKey, isUnderFolder } from '../public-prefix.js';
import { ScopedObjectStorage } from '../scoped-object-storage.js';
import { parseSignedGetUrlOptions, parseSignedPutUrlOptions } from '../signed-url-options.js';
import { StorageObjectNotFoundError, StorageSignatureError } from '../storage-errors.js';
import { assertListPrefix, assertStorageKey, encodeKeyForUrl, toFolderPrefix } from '../storage-key.js';
import { FilesystemLayout, errorCode, isMissing } from './filesystem-layout.js';
import { readSidecar, writeSidecar, type FilesystemSidecar } from './filesystem-metadata.js';
import {
  signFilesystemRequest,
  verifyFilesystemSignature,
  type FilesystemSignatureCheck,
} from './filesystem-signature.js';

export interface FilesystemObjectStorageOptions {
  /** Folder holding everything, e.g. `./.data/storage`. */
  root: string;
  /** Where `FilesystemStorageController` is reachable: URLs are `${publicBaseUrl}/storage/<key>`. */
  publicBaseUrl: string;
  /** HMAC key for signed URLs. */
  signingSecret: string;
  /** Keys under this folder are readable without a signature. Defaults to `public/`. */
  publicPrefix?: string;
  clock?: Clock;
  /** Its controller measures and reports the deliveries of URLs carrying a delivery reference (`readUrl` says so). */
  reportsDeliveries?: boolean;
}

/** The storage path every filesystem URL starts with, after `publicBaseUrl`. */
export const FILESYSTEM_STORAGE_ROUTE = 'storage';

/** Objects as files under a local folder, served over HTTP by `FilesystemStorageController`. */
export class FilesystemObjectStorage extends ObjectStorage {
  private readonly layout: FilesystemLayout;
  private readonly baseUrl: string;
  private readonly publicFolder: string;
  private readonly clock: Clock;

  constructor(private readonly options: FilesystemObjectStorageOptions) {
    super();
    this.layout = new FilesystemLayout(options.root);
    this.baseUrl = `${options.publicBaseUrl.replace(/\/+$/, '')}/${FILESYSTEM_STORAGE_ROUTE}`;
    this.publicFolder = toFolderPrefix(options.publicPrefix ?? DEFAULT_PUBLIC_PREFIX);
    this.clock = options.clock ?? systemClock;
  }

  /** Streams to a temporary file while hashing it, then renames content and sidecar into place. */
  async put(key: string, body: ObjectBody, options: PutObjectOptions = {}): Promise<void> {
    const objectPath = this.layout.objectPath(key);
    const metadataPath = this.layout.metadataPath(key);
    await mkdir(this.layout.tmpFolder, { recursive: true });
    const temporaryPath = path.join(this.layout.tmpFolder, randomUUID());
    let sidecarPath: string | undefined;
    try {
      const hash = createHash('md5');
      await pipeline(
        toChunks(body),
        async function* hashAsItPasses(source: AsyncIterable<Buffer | string>) {
          for await (const chunk of source) {
            const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
            hash.update(bytes);
            yield bytes;
          }
        },
        createWriteStream(temporaryPath, { flags: 'wx', flush: true }),
      );
      sidecarPath = await writeSidecar(this.layout.tmpFolder, {
        contentType: options.contentType ?? DEFAULT_CONTENT_TYPE,
        cacheControl: options.cacheControl,
        etag: hash.digest('hex'),
      });
      await this.layout.moveIntoPlace(key, temporaryPath, objectPath);
      await this.layout.moveIntoPlace(key, sidecarPath, metadataPath);
    } catch (error) {
      await rm(temporaryPath, { force: true });
      if (sidecarPath) await rm(sidecarPath, { force: true });
      throw error;
    }
  }

  /**
   * Takes a local file on the same disk without copying it: a hard link is made into place, flushed to disk, with
   * an etag from the key, size and time (keys are never overwritten, so it names this content). Another disk, or
   * a file system without hard links, falls back to `put`.
   */
  override async putFile(key: string, filePath: string, options: PutObjectOptions = {}): Promise<void> {
    const objectPath = this.layout.objectPath(key);
    const metadataPath = this.layout.metadataPath(key);
    await mkdir(this.layout.tmpFolder, { recursive: true });
    const temporaryPath = path.join(this.layout.tmpFolder, randomUUID());
    try {
      await link(filePath, temporaryPath);
    } catch (error) {
      if (cannotLink(error)) {
        return this.put(key, createReadStream(filePath), options);
      }
      throw error;
    }
    let sidecarPath: string | undefined;
    try {
      const handle = await open(temporaryPath, 'r');
      let stats: Awaited<ReturnType<FileHandle['stat']>>;
      try {
        stats = await handle.stat();
        await handle.sync();
      } finally {
        await handle.close();
      }
      sidecarPath = await writeSidecar(this.layout.tmpFolder, {
        contentType: options.contentType ?? DEFAULT_CONTENT_TYPE,
        cacheControl: options.cacheControl,
        etag: createHash('md5')
          .update(`${key}\n${stats.size}\n${stats.mtimeMs}\n${randomUUID()}`)
          .digest('hex'),
      });
      await this.layout.moveIntoPlace(key, temporaryPath, objectPath);
      await this.layout.moveIntoPlace(key, sidecarPath, metadataPath);
    } catch (error) {
      await rm(temporaryPath, { force: true });
      if (sidecarPath) await rm(sidecarPath, { force: true });
      throw error;
    }
  }

  /**
   * A hard link to the object's bytes when `filePath` is on the same disk (a stored file is never written in place:
   * a new put renames a new file over it, so the link keeps what it had); else a copy.
   */
  override async getFile(
    key: string,
    filePath: string,
    options: { signal?: AbortSignal } = {},
  ): Promise<void> {
    options.signal?.throwIfAborted();
    try {
      await link(this.layout.objectPath(key), filePath);
    } catch (error) {
      if (isMissing(error)) throw new StorageObjectNotFoundError(key);
      if (!cannotLink(error)) throw error;
      await super.getFile(key, filePath, options);
    }
  }

  async get(key: string, options: GetObjectOptions = {}): Promise<StoredObject> {
    if (options.range) assertByteRange(options.range);
    const objectPath = this.layout.objectPath(key);
    const handle = await this.openObject(key, objectPath);
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) throw new StorageObjectNotFoundError(key);
      const sidecar = await readSidecar(this.layout.metadataPath(key), objectPath);
      const head = toHead(stats.size, stats.mtimeMs, sidecar);
      if (!options.range) return { ...head, body: handle.createReadStream() };
      const { start, end } = resolveByteRange(key, options.range, stats.size);
      return {
        ...head,
        body: handle.createReadStream({ start, end }),
        contentLength: end - start + 1,
        contentRange: contentRangeHeader(start, end, stats.size),
      };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async head(key: string): Promise<ObjectHead | null> {
    const objectPath = this.layout.objectPath(key);
    try {
      const stats = await stat(objectPath);
      if (!stats.isFile()) return null;
      return toHead(stats.size, stats.mtimeMs, await readSidecar(this.layout.metadataPath(key), objectPath));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const objectPath = this.layout.objectPath(key);
    const metadataPath = this.layout.metadataPath(key);
    await removeFile(objectPath);
    await removeFile(metadataPath);
    await this.layout.pruneEmptyFolders(this.layout.objectsFolder, objectPath);
    await this.layout.pruneEmptyFolders(this.layout.metadataFolder, metadataPath);
  }

  async deleteMany(keys: readonly string[]): Promise<void> {
    keys.forEach((key) => assertStorageKey(key));
    for (const key of keys) await this.delete(key);
  }

  async *list(prefix: string): AsyncIterable<string> {
    assertListPrefix(prefix);
    yield* this.layout.walk(prefix.slice(0, prefix.lastIndexOf('/') + 1), prefix);
  }

  async signedGetUrl(key: string, options?: SignedGetUrlOptions): Promise<string> {
    assertStorageKey(key);
    const { expiresInSeconds, downloadName } = parseSignedGetUrlOptions(options);
    const expires = this.expiryAfter(expiresInSeconds);
    const signature = signFilesystemRequest(this.options.signingSecret, {
      method: 'GET',
      key,
      expires,
      downloadName,
    });
    return this.urlFor(key, { expires: String(expires), download: downloadName, signature });
  }

  async signedPutUrl(key: string, options: SignedPutUrlOptions): Promise<SignedUpload> {
    assertStorageKey(key);
    const { expiresInSeconds, contentType } = parseSignedPutUrlOptions(options);
    const expires = this.expiryAfter(expiresInSeconds);
    const signature = signFilesystemRequest(this.options.signingSecret, {
      method: 'PUT',
      key,
      expires,
      contentType,
    });
    return {
      url: this.urlFor(key, { expires: String(expires), signature }),
      method: 'PUT',
      headers: { 'content-type': contentType },
      expiresAt: new Date(expires * 1000),
    };
  }

  publicUrl(key: string): string {
    assertStorageKey(key);
    assertPublicKey(key, this.publicFolder);
    return this.urlFor(key, {});
  }

  async readUrl(key: string): Promise<ReadUrl> {
    return {
      url: this.publicUrl(key),
      presigned: false,
      reportsDelivery: this.options.reportsDeliveries ?? false,
    };
  }

  scoped(prefix: string): ObjectStorage {
    return new ScopedObjectStorage(this, prefix);
  }

  describe(): string {
    return `filesystem (${path.resolve(this.options.root)})`;
  }

  /** Whether `key` may be read without a signature. */
  isPublic(key: string): boolean {
    return isUnderFolder(key, this.publicFolder);
  }

  /** Throws `StorageSignatureError` unless the request carries a genuine, unexpired signature. */
  authorize(request: Omit<FilesystemSignatureCheck, 'now'>): void {
    const problem = verifyFilesystemSignature(this.options.signingSecret, { ...request, now: this.clock() });
    if (problem) throw new StorageSignatureError(problem);
  }

  private expiryAfter(seconds: number): number {
    return Math.floor(this.clock().getTime() / 1000) + seconds;
  }

  private urlFor(key: string, query: Record<string, string | undefined>): string {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, value);
    const queryString = search.toString();
    return `${this.baseUrl}/${encodeKeyForUrl(key)}${queryString ? `?${queryString}` : ''}`;
  }

  private async openObject(key: string, objectPath: string): Promise<FileHandle> {
    try {
      return await open(objectPath, 'r');
    } catch (error) {
      if (isMissing(error) || errorCode(error) === 'EISDIR') throw new StorageObjectNotFoundError(key);
      throw error;
    }
  }
}

function toChunks(body: ObjectBody): Readable {
  if (typeof body === 'string') return Readable.from([Buffer.from(body)]);
  if (Buffer.isBuffer(body)) return Readable.from([body]);
  return body;
}

function toHead(size: number, modifiedAtMs: number, sidecar: FilesystemSidecar): ObjectHead {
  const lastModified = new Date(modifiedAtMs);
  const head: ObjectHead = {
    contentLength: size,
    contentType: sidecar.contentType,
    etag: sidecar.etag,
    lastModified,
  };
  if (sidecar.cacheControl !== undefined) head.cacheControl = sidecar.cacheControl;
  return head;
}

/** Removes a file; a key that is missing, or is only a folder of other keys, has nothing to remove. */
async function removeFile(filePath: string): Promise<void> {
  try {
    await unlink(filePath);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return;
    // macOS answers EPERM, not EISDIR, for unlinking a folder.
    if (code === 'EPERM' && (await lstat(filePath)).isDirectory()) return;
    throw error;
  }
}

/** A hard link refused by the disk (another device, a filesystem without links, too many links): copy instead. */
function cannotLink(error: unknown): boolean {
  return ['EXDEV', 'EPERM', 'ENOTSUP', 'EMLINK'].includes(errorCode(error) ?? '');
}
