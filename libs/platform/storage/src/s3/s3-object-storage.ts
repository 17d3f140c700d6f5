import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  paginateListObjectsV2,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';

import { DomainError } from '@castbase/contracts';

import { assertByteRange, rangeHeader } from '../byte-range.js';
import { attachmentDisposition } from '../content-disposition.js';
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
import { DEFAULT_PUBLIC_PREFIX, assertPublicKey } from '../public-prefix.js';
import { ScopedObjectStorage } from '../scoped-object-storage.js';
import { parseSignedGetUrlOptions, parseSignedPutUrlOptions } from '../signed-url-options.js';
import { StorageObjectNotFoundError, StorageRangeNotSatisfiableError } from '../storage-errors.js';
import { assertListPrefix, assertStorageKey, encodeKeyForUrl, toFolderPrefix } from '../storage-key.js';
import { bareEtag, isS3NotFound, isS3RangeNotSatisfiable } from './s3-errors.js';
import { defaultS3PublicBaseUrl } from './s3-public-url.js';

/** The app's path that redirects reads of public keys to the bucket (the filesystem storage's path). */
export const S3_REDIRECT_ROUTE = 'storage';

export interface S3ObjectStorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, …); AWS when absent. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** The SDK's default provider chain (environment, profile, instance role) when absent. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /**
   * Base of `publicUrl` when public keys are read straight from the bucket (a CDN, or the bucket's public address,
   * which the bucket policy must then make readable under the public prefix).
   */
  publicBaseUrl?: string;
  /**
   * Without `publicBaseUrl`: the app's own address. Public URLs are then `<appBaseUrl>/storage/<key>`, which
   * {@link S3StorageRedirectController} answers with a redirect to a 60-second presigned URL, so the bucket stays
   * private. With neither, public URLs are the bucket's own address derived from the addressing style.
   */
  appBaseUrl?: string;
  /** Keys under this folder get a `publicUrl`; the bucket policy must make them readable. Defaults to `public/`. */
  publicPrefix?: string;
  /** `WHEN_REQUIRED` for services that do not understand the SDK's default CRC checksums. */
  requestChecksumCalculation?: 'WHEN_SUPPORTED' | 'WHEN_REQUIRED';
  clock?: Clock;
}

/** S3's limit on keys per DeleteObjects request. */
const DELETE_BATCH_SIZE = 1000;

export class S3ObjectStorage extends ObjectStorage {
  private readonly client: S3Client;
  /** Presigns without checksums: one baked in at signing time would be that of an empty body. */
  private readonly presigningClient: S3Client;
  private readonly bucket: string;
  private readonly publicBaseUrl: string;
  /** Whether `publicUrl` names the bucket (or a CDN in front of it) rather than the app's redirect. */
  private readonly readsFromBucket: boolean;
  private readonly publicFolder: string;
  private readonly clock: Clock;

  constructor(private readonly options: S3ObjectStorageOptions) {
    super();
    const clientConfig: S3ClientConfig = {
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? false,
      credentials: options.credentials,
      requestChecksumCalculation: options.requestChecksumCalculation ?? 'WHEN_SUPPORTED',
    };
    this.client = new S3Client(clientConfig);
    this.presigningClient = new S3Client({ ...clientConfig, requestChecksumCalculation: 'WHEN_REQUIRED' });
    this.bucket = options.bucket;
    this.readsFromBucket = options.publicBaseUrl !== undefined || options.appBaseUrl === undefined;
    this.publicBaseUrl = (
      options.publicBaseUrl ??
      (options.appBaseUrl === undefined
        ? defaultS3PublicBaseUrl(options)
        : `${options.appBaseUrl.replace(/\/+$/, '')}/${S3_REDIRECT_ROUTE}`)
    ).replace(/\/+$/, '');
    this.publicFolder = toFolderPrefix(options.publicPrefix ?? DEFAULT_PUBLIC_PREFIX);
    this.clock = options.clock ?? systemClock;
  }

  /** Streams through `@aws-sdk/lib-storage`: one PutObject for small bodies, a multipart upload otherwise. */
  async put(key: string, body: ObjectBody, options: PutObjectOptions = {}): Promise<void> {
    assertStorageKey(key);
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: options.contentType ?? DEFAULT_CONTENT_TYPE,
        CacheControl: options.cacheControl,
      },
    });
    await upload.done();
  }

  async get(key: string, options: GetObjectOptions = {}): Promise<StoredObject> {
    assertStorageKey(key);
    if (options.range) assertByteRange(options.range);
    try {
      const output = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: options.range && rangeHeader(options.range),
        }),
      );
      if (!(output.Body instanceof Readable))
        throw new Error('S3 answered GetObject without a Node stream body');
      const object: StoredObject = {
        body: output.Body,
        contentLength: output.ContentLength ?? 0,
        contentType: output.ContentType ?? DEFAULT_CONTENT_TYPE,
        etag: bareEtag(output.ETag),
        lastModified: output.LastModified ?? new Date(0),
      };
      if (output.CacheControl !== undefined) object.cacheControl = output.CacheControl;
      if (options.range && output.ContentRange !== undefined) object.contentRange = output.ContentRange;
      return object;
    } catch (error) {
      if (isS3NotFound(error)) throw new StorageObjectNotFoundError(key);
      if (options.range && isS3RangeNotSatisfiable(error)) {
        throw new StorageRangeNotSatisfiableError(key, options.range);
      }
      throw error;
    }
  }

  async head(key: string): Promise<ObjectHead | null> {
    assertStorageKey(key);
    try {
      const output = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      const head: ObjectHead = {
        contentLength: output.ContentLength ?? 0,
        contentType: output.ContentType ?? DEFAULT_CONTENT_TYPE,
        etag: bareEtag(output.ETag),
        lastModified: output.LastModified ?? new Date(0),
      };
      if (output.CacheControl !== undefined) head.cacheControl = output.CacheControl;
      return head;
    } catch (error) {
      if (isS3NotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deleteMany(keys: readonly string[]): Promise<void> {
    keys.forEach((key) => assertStorageKey(key));
    for (let offset = 0; offset < keys.length; offset += DELETE_BATCH_SIZE) {
      const batch = keys.slice(offset, offset + DELETE_BATCH_SIZE);
      const output = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((key) => ({ Key: key })), Quiet: true },
        }),
      );
      if (output.Errors?.length) {
        const failures = output.Errors.map(({ Key, Code, Message }) => ({
          key: Key,
          code: Code,
          message: Message,
        }));
        throw new DomainError('INTERNAL', 'Some stored objects could not be deleted', { failures });
      }
    }
  }

  async *list(prefix: string): AsyncIterable<string> {
    assertListPrefix(prefix);
    for await (const page of paginateListObjectsV2(
      { client: this.client },
      { Bucket: this.bucket, Prefix: prefix },
    )) {
      for (const object of page.Contents ?? []) if (object.Key !== undefined) yield object.Key;
    }
  }

  async signedGetUrl(key: string, options?: SignedGetUrlOptions): Promise<string> {
    assertStorageKey(key);
    const { expiresInSeconds, downloadName } = parseSignedGetUrlOptions(options);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition:
        downloadName === undefined ? undefined : attachmentDisposition(downloadName),
    });
    return getSignedUrl(this.presigningClient, command, {
      expiresIn: expiresInSeconds,
      signingDate: this.clock(),
    });
  }

  async signedPutUrl(key: string, options: SignedPutUrlOptions): Promise<SignedUpload> {
    assertStorageKey(key);
    const { expiresInSeconds, contentType } = parseSignedPutUrlOptions(options);
    const signingDate = this.clock();
    const url = await getSignedUrl(
      this.presigningClient,
      new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
      // The presigner leaves Content-Type unsigned unless told; signing it binds the upload's type.
      { expiresIn: expiresInSeconds, signingDate, signableHeaders: new Set(['content-type']) },
    );
    // X-Amz-Date has whole seconds, so the URL lapses this long after the second it was signed in.
    const expiresAt = new Date(Math.floor(signingDate.getTime() / 1000) * 1000 + expiresInSeconds * 1000);
    return { url, method: 'PUT', headers: { 'content-type': contentType }, expiresAt };
  }

  publicUrl(key: string): string {
    assertStorageKey(key);
    assertPublicKey(key, this.publicFolder);
    return `${this.publicBaseUrl}/${encodeKeyForUrl(key)}`;
  }

  /**
   * Where a reader of a public key is sent: its public URL when public keys are read from the bucket, else a
   * presigned URL valid for 60 seconds (the redirect of `<appBaseUrl>/storage/<key>`).
   */
  async readUrl(key: string): Promise<ReadUrl> {
    assertStorageKey(key);
    assertPublicKey(key, this.publicFolder);
    // The bucket (or a CDN) sends the bytes: nobody here sees how many.
    if (this.readsFromBucket) return { url: this.publicUrl(key), presigned: false, reportsDelivery: false };
    return {
      url: await this.signedGetUrl(key, { expiresInSeconds: 60 }),
      presigned: true,
      reportsDelivery: false,
    };
  }

  scoped(prefix: string): ObjectStorage {
    return new ScopedObjectStorage(this, prefix);
  }

  describe(): string {
    return `s3 (${this.bucket}@${this.options.endpoint ?? `aws:${this.options.region}`})`;
  }

  /** Closes the clients' sockets; Nest calls it on shutdown. */
  onModuleDestroy(): void {
    this.client.destroy();
    this.presigningClient.destroy();
  }
}
