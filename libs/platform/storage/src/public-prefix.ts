import { StorageKeyError } from './storage-errors.js';

export const DEFAULT_PUBLIC_PREFIX = 'public/';

export function isUnderFolder(key: string, folder: string): boolean {
  return key.startsWith(folder);
}

/** Only keys under the public folder may be handed out without a signature. */
export function assertPublicKey(key: string, publicFolder: string): void {
  if (!isUnderFolder(key, publicFolder)) {
    throw new StorageKeyError(key, `only keys under "${publicFolder}" have a public URL`);
  }
}
