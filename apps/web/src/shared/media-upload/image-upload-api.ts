import {
  createUploadInputSchema,
  IMAGE_MIME_TYPES,
  imageMessages,
  mediaFileSchema,
  uploadMessages,
  uploadTicketSchema,
  type MediaFile,
  type UploadTicket,
} from '@castbase/contracts';
import { z } from 'zod';
import type { ApiClient } from '../api/api-client.js';
import { ApiError } from '../api/api-error.js';

/** A failed step of an upload, carrying the spec's wording (spec 1 §8 "Storage and upload"). */
export class UploadError extends Error {
  override readonly name = 'UploadError';
}

/** The message an image picker shows for a file it will not take; null when the file may be uploaded. */
export function imageFileProblem(file: File): string | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return imageMessages.typeNotAllowed;
  const checked = createUploadInputSchema.safeParse(describeImage(file));
  return checked.success ? null : (checked.error.issues[0]?.message ?? imageMessages.typeNotAllowed);
}

function describeImage(file: File) {
  return { fileName: file.name, contentType: file.type, sizeBytes: file.size, expect: 'image' as const };
}

export interface ImageUploadCallbacks {
  /** Share of the bytes sent so far, 0 to 1. */
  onProgress(fraction: number): void;
  signal?: AbortSignal;
}

/**
 * The three calls of an upload (ADR 0006): a ticket from the media service, the bytes PUT straight to storage
 * (through XHR, whose upload events report progress), then completion, which returns the stored file. The file is
 * checked with `imageFileProblem` first, by the caller.
 */
export async function uploadImage(
  api: ApiClient,
  file: File,
  { onProgress, signal }: ImageUploadCallbacks,
): Promise<MediaFile> {
  const ticket = await api.request('/media/uploads', {
    method: 'POST',
    body: describeImage(file),
    response: uploadTicketSchema,
    ...(signal ? { signal } : {}),
  });
  await putToStorage(ticket, file, onProgress, signal);
  return api.request(`/media/uploads/${encodeURIComponent(ticket.uploadId)}/complete`, {
    method: 'POST',
    response: mediaFileSchema,
    ...(signal ? { signal } : {}),
  });
}

/** Removes an uploaded file and its stored object (`DELETE /api/media/:id`). */
export async function deleteMedia(api: ApiClient, mediaId: string): Promise<void> {
  await api.request(`/media/${encodeURIComponent(mediaId)}`, { method: 'DELETE', response: z.unknown() });
}

function putToStorage(
  ticket: UploadTicket,
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal | undefined,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadError(uploadMessages.aborted));
      return;
    }
    const request = new XMLHttpRequest();
    request.open(ticket.method, ticket.uploadUrl);
    for (const [name, value] of Object.entries(ticket.headers)) request.setRequestHeader(name, value);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve();
      } else {
        reject(new UploadError(uploadMessages.failedWithStatus(request.status)));
      }
    });
    request.addEventListener('error', () => reject(new UploadError(uploadMessages.requestFailed)));
    request.addEventListener('abort', () => reject(new UploadError(uploadMessages.aborted)));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}

/**
 * What a person reads when an upload fails: the step's own wording, else the API's message for a known error, else
 * 'Upload failed'.
 */
export function uploadErrorMessage(error: unknown, signal?: AbortSignal): string {
  if (error instanceof UploadError) return error.message;
  if (signal?.aborted) return uploadMessages.aborted;
  if (error instanceof ApiError && error.code !== undefined) return error.message;
  return uploadMessages.failed;
}
