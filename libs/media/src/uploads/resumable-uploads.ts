import type { IncomingMessage, ServerResponse } from 'node:http';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Server, ServerOptions } from '@tus/server';
import { DomainError, isDomainError, UNEXPECTED_ERROR_MESSAGE } from '@castbase/contracts';
import type { AuthenticatedUser } from '@castbase/platform-auth';
import { APP_CONFIG, type AppConfig } from '@castbase/platform-config';
import {
  createTusServer,
  createUploadStore,
  storeId,
  uploadIdOfPath,
  type UploadStore,
} from './tus-server.js';
import { sendTusResponse, tusRequestOf } from './tus-node-adapter.js';
import { UploadCompletion } from './upload-completion.js';
import { UploadOwners } from './upload-owners.js';
import { UploadPolicy } from './upload-policy.js';
import { Upload } from './upload.entity.js';

type TusRequest = Parameters<NonNullable<ServerOptions['onUploadCreate']>>[0];
type UploadsConfig = Pick<
  AppConfig,
  | 'STORAGE_DIR'
  | 'UPLOADS_DIR'
  | 'UPLOAD_EXPIRY_HOURS'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

const HOUR_MS = 3_600_000;

/** The caller the gateway's authentication put on the Node request under the tus request. */
function callerOf(request: TusRequest): string {
  const node = (request as { runtime?: { node?: { req?: { user?: AuthenticatedUser } } } }).runtime?.node;
  const user = node?.req?.user;
  if (!user) throw new DomainError('UNAUTHENTICATED');
  return user.id;
}

function uploadIdOf(id: string): string {
  return id.split('/').pop() ?? id;
}

/** The caller (authenticated by the gateway) and the upload a request on an upload URL names. */
function callerAndUploadOf(request: IncomingMessage): { ownerId: string; uploadId: string } | undefined {
  const user = (request as { user?: AuthenticatedUser }).user;
  const uploadId = uploadIdOfPath(new URL(request.url ?? '/', 'http://upload').pathname.split('/').pop());
  return user && uploadId ? { ownerId: user.id, uploadId } : undefined;
}

/** A refusal as tus answers it: the status of the error code and the API's JSON error body. */
function errorResponse(error: unknown): { status_code: number; body: string } {
  if (isDomainError(error)) {
    return {
      status_code: error.status,
      body: JSON.stringify({ code: error.code, message: error.message, details: error.details }),
    };
  }
  const tus = error as { status_code?: number; body?: string };
  if (typeof tus.status_code === 'number' && tus.status_code < 500) {
    const message = (tus.body ?? '').trim() || 'Upload failed';
    return { status_code: tus.status_code, body: JSON.stringify({ code: 'UPLOAD_FAILED', message }) };
  }
  return { status_code: 500, body: JSON.stringify({ code: 'INTERNAL', message: UNEXPECTED_ERROR_MESSAGE }) };
}

/**
 * Resumable uploads over tus 1.0: creation is admitted by {@link UploadPolicy} before a byte is accepted, every
 * later request must come from the upload's owner (another owner's upload is 404), and the last byte hands the
 * upload to {@link UploadCompletion}, whose media file is the final response's body. Uploads with no bytes for
 * `UPLOAD_EXPIRY_HOURS` are swept.
 */
@Injectable()
export class ResumableUploads implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ResumableUploads.name);
  private store!: UploadStore;
  private server!: Server;
  private sweeper: NodeJS.Timeout | undefined;
  private readonly owners: UploadOwners;

  constructor(
    private readonly em: EntityManager,
    private readonly policy: UploadPolicy,
    private readonly completion: UploadCompletion,
    @Inject(APP_CONFIG) private readonly config: UploadsConfig,
  ) {
    this.owners = new UploadOwners(em);
  }

  async onModuleInit(): Promise<void> {
    this.store = await createUploadStore(this.config);
    this.server = createTusServer(this.store, {
      onIncomingRequest: (request, id) => this.checkOwner(request, id),
      onUploadCreate: async (request, upload) => {
        const ownerId = callerOf(request);
        const metadata = await this.policy.admit(ownerId, upload.metadata ?? {}, upload.size);
        const row = new Upload();
        row.id = uploadIdOf(upload.id);
        row.ownerId = ownerId;
        row.purpose = metadata.purpose;
        row.podcastId = metadata.podcastId ?? null;
        row.fileName = metadata.filename;
        row.contentType = metadata.filetype;
        row.sizeBytes = upload.size ?? 0;
        row.normalize = metadata.normalize;
        await this.em.fork().persist(row).flush();
        this.owners.remember(row.id, ownerId);
        return {};
      },
      onUploadFinish: async (request, upload) => {
        const file = await this.completion.complete(this.store, callerOf(request), uploadIdOf(upload.id));
        return {
          status_code: 200,
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(file),
        };
      },
      onResponseError: (_request, error) => {
        const response = errorResponse(error);
        if (response.status_code >= 500) this.logger.error(error);
        return response;
      },
    });
    this.sweeper = setInterval(() => void this.sweepAbandoned(), HOUR_MS).unref();
    void this.sweepAbandoned();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  /** Serves one tus request (the gateway has authenticated the caller). */
  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method === 'HEAD') {
      const finished = await this.finishedUpload(request);
      if (finished) {
        // tus 1.0 HEAD of an upload with every byte received; the media file has the upload's id.
        response.writeHead(200, {
          'Tus-Resumable': '1.0.0',
          'Upload-Offset': String(finished.sizeBytes),
          'Upload-Length': String(finished.sizeBytes),
          'Cache-Control': 'no-store',
        });
        response.end();
        return;
      }
    }
    if (request.method === 'PATCH') {
      // The row is touched beside the bytes being written, not before: the owner check needs no round trip.
      const touched = this.touchReceiving(request);
      // Bytes take the faster way in (see tusRequestOf); every other request is small.
      const answer = await this.server.handleWeb(tusRequestOf(request, response));
      await touched;
      return sendTusResponse(answer, response);
    }
    return this.server.handle(request, response);
  }

  /**
   * The caller's upload when all of its bytes are here: completed, or received but not completed because the
   * completion failed (then it is completed now, or its error is the answer). A client resuming such an upload
   * learns from HEAD that nothing is left to send. Null for anything tus answers itself.
   */
  private async finishedUpload(request: IncomingMessage): Promise<Upload | null> {
    const named = callerAndUploadOf(request);
    if (!named) return null;
    const { ownerId, uploadId } = named;
    const upload = await this.em.fork().findOne(Upload, { id: uploadId, ownerId });
    if (!upload || upload.status === 'refused') return null;
    if (upload.status === 'completed') return upload;
    const received = await this.store.datastore
      .getUpload(storeId(uploadId, this.store.where))
      .catch(() => null);
    if (!received || received.size === undefined || received.offset < received.size) return null;
    await this.completion.complete(this.store, ownerId, uploadId);
    return upload;
  }

  /** Bytes arriving keep the caller's upload from being swept; a failure here only brings its sweep closer. */
  private async touchReceiving(request: IncomingMessage): Promise<void> {
    const named = callerAndUploadOf(request);
    if (!named) return;
    await this.owners
      .touch(named.ownerId, named.uploadId)
      .catch((error: unknown) =>
        this.logger.warn(`Could not mark upload ${named.uploadId} as receiving: ${String(error)}`),
      );
  }

  describe(): string {
    return this.store.describe();
  }

  /** Every request on an existing upload: the caller must own it (another owner's upload is not there). */
  private async checkOwner(request: TusRequest, id: string): Promise<void> {
    // A creation names a new upload: onUploadCreate admits it.
    if (request.method === 'POST') return;
    const ownerId = callerOf(request);
    const uploadId = uploadIdOfPath(uploadIdOf(id));
    if (!uploadId) throw new DomainError('UPLOAD_NOT_FOUND');
    if (request.method === 'PATCH') {
      if (!(await this.owners.owns(ownerId, uploadId))) throw new DomainError('UPLOAD_NOT_FOUND');
      return;
    }
    const upload = await this.policy.ownUpload(ownerId, uploadId);
    if (request.method === 'DELETE' && upload.status === 'uploading') {
      await this.em.fork().nativeDelete(Upload, { id: upload.id, status: 'uploading' });
      this.owners.forget(upload.id);
    }
  }

  /** Removes the bytes received so far of uploads still under way (account erasure); their rows are the caller's. */
  async discardReceived(uploadIds: readonly string[]): Promise<void> {
    for (const uploadId of uploadIds) await this.removeReceived(uploadId);
  }

  private removeReceived(uploadId: string): Promise<void> {
    this.owners.forget(uploadId);
    return this.store.datastore.remove(storeId(uploadId, this.store.where)).catch(() => undefined);
  }

  /**
   * Removes uploads that received nothing for `UPLOAD_EXPIRY_HOURS` (their bytes, then their rows), and the rows of
   * uploads refused that long ago.
   */
  async sweepAbandoned(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - this.config.UPLOAD_EXPIRY_HOURS * HOUR_MS);
    const em = this.em.fork();
    try {
      const abandoned = await em.find(
        Upload,
        { status: 'uploading', updatedAt: { $lt: before } },
        { limit: 100 },
      );
      for (const upload of abandoned) {
        await this.removeReceived(upload.id);
        await em.nativeDelete(Upload, { id: upload.id, status: 'uploading' });
      }
      // A refused upload kept nothing but its row, which answered the client that asked again meanwhile.
      const refused = await em.nativeDelete(Upload, { status: 'refused', updatedAt: { $lt: before } });
      const swept = abandoned.length + refused;
      if (swept > 0) this.logger.log(`Swept ${abandoned.length} abandoned and ${refused} refused upload(s)`);
      return swept;
    } catch (error) {
      this.logger.warn(`Sweeping abandoned uploads failed: ${String(error)}`);
      return 0;
    }
  }
}
