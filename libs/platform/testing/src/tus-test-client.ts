import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import tus from 'tus-js-client';
import { UPLOAD_CHUNK_BYTES, type UploadPurpose } from '@castbase/contracts';

export interface TusTestUpload {
  /** The file's bytes, or the path of a file to stream. */
  input: Buffer | string;
  fileName: string;
  fileType?: string;
  purpose: UploadPurpose;
  podcastId?: string;
  /** The episode whose media the file replaces. */
  episodeId?: string;
  /** Ask for the published MP3 to be normalised to the podcast norm. */
  normalize?: boolean;
  /** Resume the upload at this URL instead of creating one. */
  uploadUrl?: string;
  /** Stop (without terminating) once this many bytes are acknowledged; the promise then resolves with `paused`. */
  pauseAfterBytes?: number;
  chunkSize?: number;
}

export type TusTestResult =
  | { outcome: 'finished'; status: number; body: string; uploadUrl: string }
  | { outcome: 'refused'; status: number; body: string; uploadUrl: string | null }
  | { outcome: 'paused'; offset: number; uploadUrl: string };

/**
 * What a tus client (the web app's `tus-js-client`) does, run from Node against `endpoint`: create, PATCH 5 MB
 * chunks, and report the final response, a refusal, or where it paused.
 */
export async function tusUpload(
  endpoint: string,
  token: string,
  upload: TusTestUpload,
): Promise<TusTestResult> {
  const size = typeof upload.input === 'string' ? (await stat(upload.input)).size : upload.input.length;
  const input = typeof upload.input === 'string' ? createReadStream(upload.input) : upload.input;
  return new Promise((resolve, reject) => {
    let paused = false;
    const client: tus.Upload = new tus.Upload(input, {
      endpoint,
      ...(upload.uploadUrl ? { uploadUrl: upload.uploadUrl } : {}),
      uploadSize: size,
      chunkSize: upload.chunkSize ?? UPLOAD_CHUNK_BYTES,
      retryDelays: [],
      storeFingerprintForResuming: false,
      headers: { Authorization: `Bearer ${token}` },
      metadata: {
        filename: upload.fileName,
        filetype: upload.fileType ?? '',
        purpose: upload.purpose,
        ...(upload.podcastId ? { podcastId: upload.podcastId } : {}),
        ...(upload.episodeId ? { episodeId: upload.episodeId } : {}),
        ...(upload.normalize ? { normalize: 'true' } : {}),
      },
      onChunkComplete: (_chunk, accepted) => {
        if (upload.pauseAfterBytes !== undefined && accepted >= upload.pauseAfterBytes && !paused) {
          paused = true;
          void client
            .abort(false)
            .then(() => resolve({ outcome: 'paused', offset: accepted, uploadUrl: client.url ?? '' }));
        }
      },
      onSuccess: ({ lastResponse }) =>
        resolve({
          outcome: 'finished',
          status: lastResponse.getStatus(),
          body: lastResponse.getBody(),
          uploadUrl: client.url ?? '',
        }),
      onError: (error) => {
        const response = (error as tus.DetailedError).originalResponse;
        if (!response) return reject(error);
        resolve({
          outcome: 'refused',
          status: response.getStatus(),
          body: response.getBody(),
          uploadUrl: client.url,
        });
      },
    });
    client.start();
  });
}
