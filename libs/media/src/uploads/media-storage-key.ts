import { toSafeSegment, toStorageFileName } from './storage-file-name.js';

/**
 * Media lives under the storage's public folder (`public/`, the storage default) because podcast apps
 * download it without signing in: feed enclosures point at it through the analytics redirect. The upload
 * id in the key is a random UUID, so a file is only found through the link Castbase hands out.
 */
export const MEDIA_FOLDER = 'public/media';

/** `public/media/{owner}/{uploadId}/{file name}`, every segment safe for a key and a URL. */
export function mediaStorageKey(ownerId: string, uploadId: string, fileName: string): string {
  return `${MEDIA_FOLDER}/${toSafeSegment(ownerId) || 'owner'}/${uploadId}/${toStorageFileName(fileName)}`;
}
