import { DEFAULT_PUBLIC_PREFIX } from '@castbase/platform-storage';
import { toSafeSegment, toStorageFileName } from './storage-file-name.js';

/**
 * Media lives under the storage's public folder because podcast apps download it without signing in
 * (the feeds' enclosures point at it, through the analytics redirect). The upload id in the key is a random
 * UUID, so a file is only found through the link Castbase hands out.
 */
export const MEDIA_FOLDER = `${DEFAULT_PUBLIC_PREFIX}media`;

/** `public/media/{owner}/{uploadId}/{file name}`, every segment safe for a key and a URL. */
export function mediaStorageKey(ownerId: string, uploadId: string, fileName: string): string {
  return `${MEDIA_FOLDER}/${toSafeSegment(ownerId) || 'owner'}/${uploadId}/${toStorageFileName(fileName)}`;
}
