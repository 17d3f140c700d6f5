import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { MemoryLocker, Server, type DataStore, type ServerOptions } from '@tus/server';
import { MEDIA_UPLOAD_PATH } from '@castbase/contracts';
import type { AppConfig } from '@castbase/platform-config';
import { UploadFileStore } from './upload-file-store.js';

/** Where a tus upload's bytes are while they arrive, and how to read them once they are all there. */
export interface UploadStore {
  datastore: DataStore;
  /** `file`: the bytes are a local file (filesystem storage); `object`: an object of the bucket (S3). */
  where: 'file' | 'object';
  /** The local path (file) or the bucket key (object) of a finished upload's bytes. */
  locationOf(uploadId: string): string;
  describe(): string;
}

/** Objects of unfinished S3 uploads live under this folder of the bucket, away from `public/`. */
export const S3_UPLOADS_FOLDER = 'uploads';

type StoreConfig = Pick<
  AppConfig,
  | 'STORAGE_DIR'
  | 'UPLOADS_DIR'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/**
 * The tus store for the storage in use: `@tus/file-store` in a folder beside the filesystem storage, or
 * `@tus/s3-store`, which sends each 5 MB part to the bucket as a part of an S3 multipart upload (a part is
 * buffered in the OS temporary folder only until it is sent), so a 2 GB video never lands whole on the
 * service's disk.
 */
export async function createUploadStore(config: StoreConfig): Promise<UploadStore> {
  if (config.S3_BUCKET) {
    // Loaded only for S3: the AWS SDK is 20 MB of memory a filesystem install does without.
    const { S3Store } = await import('@tus/s3-store');
    const credentials =
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined;
    const datastore = new S3Store({
      partSize: 8 * 1024 * 1024,
      useTags: false,
      s3ClientConfig: {
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
        ...(credentials ? { credentials } : {}),
      },
    });
    return {
      datastore,
      where: 'object',
      locationOf: (uploadId) => storeId(uploadId, 'object'),
      describe: () => `S3 multipart uploads in ${config.S3_BUCKET}/${S3_UPLOADS_FOLDER}/`,
    };
  }
  const directory = resolve(config.UPLOADS_DIR ?? join(dirname(resolve(config.STORAGE_DIR)), 'uploads'));
  mkdirSync(directory, { recursive: true });
  return {
    datastore: new UploadFileStore({ directory }),
    where: 'file',
    locationOf: (uploadId) => join(directory, uploadId),
    describe: () => `files in ${directory}`,
  };
}

/** The id the store knows an upload by: S3 uploads sit under their folder of the bucket. */
export function storeId(uploadId: string, where: UploadStore['where']): string {
  return where === 'object' ? `${S3_UPLOADS_FOLDER}/${uploadId}` : uploadId;
}

const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The upload id at the end of an upload URL, or undefined for anything that is not one of ours. */
export function uploadIdOfPath(lastPath: string | undefined): string | undefined {
  return lastPath && UPLOAD_ID.test(lastPath) ? lastPath : undefined;
}

export type TusHooks = Pick<
  ServerOptions,
  'onUploadCreate' | 'onUploadFinish' | 'onIncomingRequest' | 'onResponseError'
>;

/**
 * The tus 1.0 server (creation, termination) at `/api/media/uploads`: upload URLs are `/api/media/uploads/{uuid}`
 * whatever the store calls the upload. Locks are per process (`MemoryLocker`): tus clients send one request of an
 * upload at a time, and a second request while one runs is what the lock refuses within a process. No `maxSize`:
 * the upload policy bounds every upload's announced size at creation with the spec's message for its kind, and tus
 * refuses bytes past the announced size.
 */
export function createTusServer(store: UploadStore, hooks: TusHooks): Server {
  return new Server({
    path: MEDIA_UPLOAD_PATH,
    datastore: store.datastore,
    locker: new MemoryLocker(),
    respectForwardedHeaders: true,
    relativeLocation: true,
    namingFunction: () => storeId(randomUUID(), store.where),
    generateUrl: (_request, { path, id }) => `${path}/${id.split('/').pop() ?? id}`,
    getFileIdFromRequest: (_request, lastPath) => {
      const uploadId = uploadIdOfPath(lastPath);
      return uploadId ? storeId(uploadId, store.where) : undefined;
    },
    ...hooks,
  });
}
