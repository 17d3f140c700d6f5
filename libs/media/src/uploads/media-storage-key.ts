import { toSafeSegment, toStorageFileName } from './storage-file-name.js';

/**
 * Media lives under the storage's public folder (`public/`, the storage default) because podcast apps
 * download it without signing in: feed enclosures point at it through the analytics redirect. The upload
 * id in the key is a random UUID, so a file is only found through the link Castbase hands out.
 */
export const MEDIA_FOLDER = 'public/media';

/**
 * `public/media/{owner}/`: the folder of an owner's files. Owner ids reduced to the same safe segment
 * (`auth0|abc` and `auth0-abc`) share it, so whatever lists it must tell the owners apart by upload id.
 */
export function mediaOwnerPrefix(ownerId: string): string {
  return `${MEDIA_FOLDER}/${toSafeSegment(ownerId) || 'owner'}/`;
}

/** `public/media/{owner}/{uploadId}/{file name}`, every segment safe for a key and a URL. */
export function mediaStorageKey(ownerId: string, uploadId: string, fileName: string): string {
  return `${mediaOwnerPrefix(ownerId)}${uploadId}/${toStorageFileName(fileName)}`;
}

/** The upload id in a key made by {@link mediaStorageKey}, or undefined for a key of another shape. */
export function uploadIdOfStorageKey(key: string): string | undefined {
  return key.startsWith(`${MEDIA_FOLDER}/`) ? key.slice(MEDIA_FOLDER.length + 1).split('/')[1] : undefined;
}
