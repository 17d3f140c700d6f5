import { createReadStream, createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What `put` accepts: a stream is written as it arrives, never buffered whole. */
export type ObjectBody = Readable | Buffer | string;

/** What an object is served as when it was stored without a content type. */
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

export interface PutObjectOptions {
  /** Defaults to `application/octet-stream`. */
  contentType?: string;
  cacheControl?: string;
}

/** Inclusive byte offsets, as in an HTTP `Range: bytes=start-end` header; no `end` reads to the last byte. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface GetObjectOptions {
  range?: ByteRange;
}

export interface ObjectHead {
  /** Size of the whole object in bytes. */
  contentLength: number;
  contentType: string;
  cacheControl?: string;
  /** Opaque version tag without quotes; equal tags mean equal content. */
  etag: string;
  lastModified: Date;
}

export interface StoredObject extends Omit<ObjectHead, 'contentLength'> {
  body: Readable;
  /** Bytes in `body`: the whole object, or the requested range. */
  contentLength: number;
  /** `bytes start-end/total` when a range was requested. */
  contentRange?: string;
}

export interface SignedGetUrlOptions {
  /** Defaults to 60. */
  expiresInSeconds?: number;
  /** Makes the response an attachment saved under this file name. */
  downloadName?: string;
}

export interface SignedPutUrlOptions {
  /** The upload must be sent with exactly this `Content-Type`. */
  contentType: string;
  /** Defaults to 60. */
  expiresInSeconds?: number;
}

/** Where a reader of a public key is sent (`ObjectStorage.readUrl`). */
export interface ReadUrl {
  url: string;
  presigned: boolean;
  reportsDelivery: boolean;
}

/** Everything a client needs to upload straight to storage. */
export interface SignedUpload {
  url: string;
  method: 'PUT';
  headers: { 'content-type': string };
  expiresAt: Date;
}

/**
 * The storage port: a flat namespace of keys such as `podcasts/42/cover.jpg`. Every key is checked
 * (see `assertStorageKey`) so no key can reach outside the store or outside a `scoped` prefix.
 * The class doubles as the Nest injection token.
 */
export abstract class ObjectStorage {
  abstract put(key: string, body: ObjectBody, options?: PutObjectOptions): Promise<void>;

  /**
   * Stores the content of a local file, which is left where it is (the caller removes it). The default streams it
   * through `put`; a store on the same disk may take the bytes without copying them.
   */
  putFile(key: string, filePath: string, options?: PutObjectOptions): Promise<void> {
    return this.put(key, createReadStream(filePath), options);
  }

  /**
   * Writes an object to a new local file at `filePath` (for tools that need one, such as ffmpeg), which later writes
   * of the key leave as it is. The default streams it through `get`; a store on the same disk may link the bytes
   * instead of copying them.
   */
  async getFile(key: string, filePath: string, options: { signal?: AbortSignal } = {}): Promise<void> {
    const object = await this.get(key);
    await pipeline(object.body, createWriteStream(filePath, { flags: 'wx' }), options);
  }

  /** Throws `StorageObjectNotFoundError` for a missing key, `StorageRangeNotSatisfiableError` past the end. */
  abstract get(key: string, options?: GetObjectOptions): Promise<StoredObject>;

  /** `null` when there is no object under the key. */
  abstract head(key: string): Promise<ObjectHead | null>;

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  /** Deleting a missing key is not an error. */
  abstract delete(key: string): Promise<void>;

  abstract deleteMany(keys: readonly string[]): Promise<void>;

  /** Every key starting with `prefix` (a plain string prefix, as in S3), in no guaranteed order. */
  abstract list(prefix: string): AsyncIterable<string>;

  abstract signedGetUrl(key: string, options?: SignedGetUrlOptions): Promise<string>;

  abstract signedPutUrl(key: string, options: SignedPutUrlOptions): Promise<SignedUpload>;

  /** An unsigned URL; only keys under the configured public prefix may have one. */
  abstract publicUrl(key: string): string;

  /**
   * Where a reader of a public key is sent to fetch it now, in one hop: its public URL, or (S3 whose public keys
   * are not read from the bucket) a presigned URL valid for 60 seconds, which a redirect must not let be cached.
   * `reportsDelivery`: the URL is served by this product (the filesystem storage with a `StorageDeliveryReporter`),
   * which reports the bytes it sends of a GET whose URL carries a delivery reference (`?d=`).
   */
  abstract readUrl(key: string): Promise<ReadUrl>;

  /** A view of this storage in which every key lives under `prefix/`. */
  abstract scoped(prefix: string): ObjectStorage;

  /** One line for the start-up banner, e.g. `filesystem (./.data/storage)`. */
  abstract describe(): string;
}

/** Where "now" comes from, so URL expiry can be tested without waiting. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
