import { defaultOptions, Upload } from 'tus-js-client';
import { authorize } from './resumable-upload.js';

/** An upload this device started and never finished, with what the server holds of it. */
export interface InterruptedUpload {
  /** Where tus-js-client keeps it in local storage. */
  storageKey: string;
  uploadUrl: string;
  fileName: string;
  /** Bytes the server has. */
  offset: number;
  size: number;
}

/**
 * The unfinished uploads this device keeps under `fingerprintPrefix`, each with the offset the server reports (HEAD).
 * Entries the server no longer knows (finished, cancelled, swept, refused) are dropped from local storage.
 */
export async function findInterruptedUploads(
  fingerprintPrefix: string,
  accessToken: string | undefined,
): Promise<InterruptedUpload[]> {
  const storage = defaultOptions.urlStorage;
  const stored = (await storage.findAllUploads()).filter((upload) =>
    upload.urlStorageKey.startsWith(`tus::${fingerprintPrefix}|`),
  );
  const found: InterruptedUpload[] = [];
  for (const upload of stored) {
    if (!upload.uploadUrl) continue;
    const answer = await fetch(upload.uploadUrl, {
      method: 'HEAD',
      headers: {
        'Tus-Resumable': '1.0.0',
        ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
      },
      cache: 'no-store',
    }).catch(() => null);
    if (!answer) continue;
    if (answer.status >= 400 && answer.status < 500) {
      await storage.removeUpload(upload.urlStorageKey);
      continue;
    }
    const offset = Number.parseInt(answer.headers.get('Upload-Offset') ?? '', 10);
    const size = Number.parseInt(answer.headers.get('Upload-Length') ?? '', 10);
    if (!answer.ok || Number.isNaN(offset) || Number.isNaN(size)) continue;
    found.push({
      storageKey: upload.urlStorageKey,
      uploadUrl: upload.uploadUrl,
      fileName: upload.metadata['filename'] ?? '',
      offset,
      size,
    });
  }
  return found;
}

/** Deletes an interrupted upload on the server (tus termination) and forgets it on this device. */
export async function discardInterruptedUpload(
  upload: InterruptedUpload,
  accessToken: () => string | undefined,
): Promise<void> {
  try {
    await Upload.terminate(upload.uploadUrl, { onBeforeRequest: authorize(accessToken), retryDelays: null });
  } catch (error) {
    // Already gone on the server, or unreachable: it is swept there after it expires; here it is forgotten.
    console.warn('An interrupted upload could not be deleted on the server', error);
  }
  await defaultOptions.urlStorage.removeUpload(upload.storageKey);
}
