import {
  declaredKindOf,
  MEDIA_UPLOAD_PATH,
  mediaFileSchema,
  UPLOAD_CHUNK_BYTES,
  uploadMessages,
  type MediaFile,
  type UploadPurpose,
} from '@castbase/contracts';
import {
  defaultOptions,
  DetailedError,
  Upload,
  type HttpRequest,
  type HttpResponse,
  type PreviousUpload,
} from 'tus-js-client';
import { apiErrorFromResponse } from '../api/api-error.js';
import { UPLOAD_FINGERPRINT_NAMESPACE } from './unfinished-upload-keys.js';

/** What a file is uploaded for (tus metadata `purpose`, `podcastId`, `normalize`). */
export interface UploadTarget {
  purpose: UploadPurpose;
  /** The podcast a podcast-scoped file is for. */
  podcastId?: string | undefined;
  /** Audio only: the published MP3 is normalised to the podcast loudness norm. */
  normalize?: boolean | undefined;
  /** Episode media replacing an existing episode's: that episode (the plan's episode limit does not refuse it). */
  episodeId?: string | undefined;
}

/** The end of an upload: the media file the last PATCH answered, or only its id when none came back. */
export interface StoredUpload {
  mediaId: string;
  file: MediaFile | null;
}

/** Why an upload stopped. `resumable`: the bytes sent are kept and sending again continues from them. */
export interface UploadFailure {
  message: string;
  resumable: boolean;
}

export interface ResumableUploadHandlers {
  /** The token to send now: it can be renewed during a long upload. */
  accessToken(): string | undefined;
  /** How many bytes the server holds, when it says (on creation and on resume): the sending starts from there. */
  onServerOffset(offset: number, total: number): void;
  onProgress(sent: number, total: number): void;
  onStored(stored: StoredUpload): void;
  onFailed(failure: UploadFailure): void;
}

/** Retries of a request that failed without an answer, or with a server error, before the upload stops. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000];

/** The tus endpoint as an absolute URL: tus-js-client resolves upload URLs against it. */
export function uploadEndpoint(): string {
  return new URL(MEDIA_UPLOAD_PATH, window.location.origin).href;
}

/**
 * The start of the fingerprint an unfinished upload is kept under in local storage: an upload is resumed only by the
 * same person, for the same purpose and podcast (its tus metadata cannot change once created).
 */
export function fingerprintPrefix(ownerId: string, target: UploadTarget): string {
  return [
    UPLOAD_FINGERPRINT_NAMESPACE,
    ownerId,
    target.purpose,
    target.podcastId ?? '',
    ...(target.episodeId ? [target.episodeId] : []),
  ]
    .map(encodeURIComponent)
    .join('|');
}

function fingerprintOf(prefix: string, file: File): string {
  const facts = [file.name, file.type, String(file.size), String(file.lastModified)];
  return [prefix, ...facts.map(encodeURIComponent)].join('|');
}

function metadataOf(file: File, target: UploadTarget): Record<string, string> {
  return {
    filename: file.name,
    filetype: file.type,
    purpose: target.purpose,
    ...(target.podcastId ? { podcastId: target.podcastId } : {}),
    ...(target.episodeId ? { episodeId: target.episodeId } : {}),
    ...(target.normalize !== undefined && declaredKindOf(file) === 'audio'
      ? { normalize: String(target.normalize) }
      : {}),
  };
}

/** Sends the caller's token with every tus request (creation, HEAD, PATCH, DELETE). */
export function authorize(accessToken: () => string | undefined) {
  return (request: HttpRequest) => {
    const token = accessToken();
    if (token) request.setHeader('Authorization', `Bearer ${token}`);
  };
}

/**
 * One file sent over tus 1.0 in 5 MB chunks (ADR 0009). Its upload URL is kept in local storage under the file's
 * fingerprint until it succeeds, so choosing the same file after a reload continues from the bytes the server has.
 */
export class ResumableUpload {
  private readonly upload: Upload;

  constructor(file: File, ownerId: string, target: UploadTarget, handlers: ResumableUploadHandlers) {
    const prefix = fingerprintPrefix(ownerId, target);
    this.upload = new Upload(file, {
      endpoint: uploadEndpoint(),
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      metadata: metadataOf(file, target),
      fingerprint: (chosen: File) => Promise.resolve(fingerprintOf(prefix, chosen)),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onBeforeRequest: authorize(handlers.accessToken),
      onAfterResponse: (request, response) => {
        const offset = serverOffsetOf(request, response);
        if (offset !== null) handlers.onServerOffset(offset, file.size);
      },
      onProgress: (sent, total) => handlers.onProgress(sent, total),
      onSuccess: ({ lastResponse }) => {
        const stored = storedUploadOf(lastResponse, this.upload.url);
        if (stored) handlers.onStored(stored);
        else handlers.onFailed({ message: uploadMessages.failed, resumable: false });
      },
      onError: (error) => {
        const failure = failureOf(error);
        if (!failure.resumable) void this.forget();
        handlers.onFailed(failure);
      },
    });
  }

  /** Starts sending, from where an earlier upload of the same file stopped if there is one; says whether there was. */
  async start(): Promise<boolean> {
    const previous = newest(await this.upload.findPreviousUploads());
    if (previous) this.upload.resumeFromPreviousUpload(previous);
    this.upload.start();
    return previous !== undefined;
  }

  /** Stops sending; the server keeps what it has received. */
  pause(): Promise<void> {
    return this.upload.abort(false);
  }

  /** Asks the server how much it has (HEAD) and sends the rest. */
  resume(): void {
    this.upload.start();
  }

  /** Stops sending and deletes the upload on the server (tus termination) and on this device. */
  async cancel(): Promise<void> {
    try {
      await this.upload.abort(true);
    } catch (error) {
      console.warn('The cancelled upload could not be deleted on the server', error);
      await this.forget();
    }
  }

  /** Drops this upload's entry from local storage: it cannot be resumed. */
  private async forget(): Promise<void> {
    const url = this.upload.url;
    if (!url) return;
    for (const previous of await this.upload.findPreviousUploads()) {
      if (previous.uploadUrl === url) await defaultOptions.urlStorage.removeUpload(previous.urlStorageKey);
    }
  }
}

function newest(uploads: PreviousUpload[]): PreviousUpload | undefined {
  return [...uploads].sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime))[0];
}

/** The server's offset from a creation (0) or a HEAD; PATCH answers are reported as progress instead. */
function serverOffsetOf(request: HttpRequest, response: HttpResponse): number | null {
  const status = response.getStatus();
  if (status < 200 || status >= 300) return null;
  if (request.getMethod() === 'POST') return 0;
  if (request.getMethod() !== 'HEAD') return null;
  const offset = Number.parseInt(response.getHeader('Upload-Offset') ?? '', 10);
  return Number.isNaN(offset) ? null : offset;
}

/**
 * The media file the last PATCH answers. A resumed upload whose bytes had all arrived ends on its HEAD, which has no
 * body: the media file then has the upload's id, the last segment of its URL.
 */
function storedUploadOf(response: HttpResponse, uploadUrl: string | null): StoredUpload | null {
  const parsed = mediaFileSchema.safeParse(parseJson(response.getBody()));
  if (parsed.success) return { mediaId: parsed.data.id, file: parsed.data };
  const uploadId = uploadUrl ? new URL(uploadUrl).pathname.split('/').pop() : undefined;
  return uploadId ? { mediaId: uploadId, file: null } : null;
}

/**
 * The message for a failed upload. A refusal (4xx: type, size, plan limits, or bytes that are not what they claim)
 * carries the API's `{ code, message }` body and cannot be resumed; no answer or a server error can.
 */
function failureOf(error: Error): UploadFailure {
  const response = error instanceof DetailedError ? error.originalResponse : null;
  if (!response) return { message: uploadMessages.requestFailed, resumable: true };
  const status = response.getStatus();
  const apiError = apiErrorFromResponse(status, parseJson(response.getBody()));
  return {
    message: apiError.code === undefined ? uploadMessages.failedWithStatus(status) : apiError.message,
    resumable: status >= 500 || status === 409 || status === 423,
  };
}

function parseJson(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
