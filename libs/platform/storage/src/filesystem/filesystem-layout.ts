import { mkdir, readdir, rename, rmdir } from 'node:fs/promises';
import path from 'node:path';

import { StorageKeyError } from '../storage-errors.js';
import { assertStorageKey } from '../storage-key.js';

/**
 * On-disk layout under the root folder:
 * - `objects/<key>`: the content, so the tree mirrors the keys;
 * - `metadata/<key>`: the JSON sidecar, a tree of exactly the same shape (no suffix, so no sidecar
 *   name can collide with another key);
 * - `tmp/`: writes in progress, renamed into place when complete.
 */
export class FilesystemLayout {
  readonly objectsFolder: string;
  readonly metadataFolder: string;
  readonly tmpFolder: string;

  constructor(root: string) {
    const absoluteRoot = path.resolve(root);
    this.objectsFolder = path.join(absoluteRoot, 'objects');
    this.metadataFolder = path.join(absoluteRoot, 'metadata');
    this.tmpFolder = path.join(absoluteRoot, 'tmp');
  }

  objectPath(key: string): string {
    return this.inside(this.objectsFolder, key);
  }

  metadataPath(key: string): string {
    return this.inside(this.metadataFolder, key);
  }

  /** Key validation already rules out escapes; this re-checks the resolved path as a second line. */
  private inside(folder: string, key: string): string {
    assertStorageKey(key);
    const resolved = path.resolve(folder, ...key.split('/'));
    if (!resolved.startsWith(folder + path.sep))
      throw new StorageKeyError(key, 'it resolves outside the store');
    return resolved;
  }

  /** Renames a finished temporary file to `destination`, creating folders (again, if pruned meanwhile). */
  async moveIntoPlace(key: string, temporaryPath: string, destination: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await mkdir(path.dirname(destination), { recursive: true });
        await rename(temporaryPath, destination);
        return;
      } catch (error) {
        if (errorCode(error) === 'ENOENT' && attempt < 3) continue;
        throw asKeyConflict(key, error);
      }
    }
  }

  /** Removes folders left empty by a delete, up to (not including) `folder`. */
  async pruneEmptyFolders(folder: string, filePath: string): Promise<void> {
    for (
      let current = path.dirname(filePath);
      current.startsWith(folder + path.sep);
      current = path.dirname(current)
    ) {
      try {
        await rmdir(current);
      } catch {
        return;
      }
    }
  }

  /**
   * Keys starting with `prefix` under the folder `folderKey` (a key prefix ending in "/", or ""),
   * folder by folder in name order, skipping folders that cannot hold a match.
   */
  async *walk(folderKey: string, prefix: string): AsyncIterable<string> {
    const folderPath = folderKey === '' ? this.objectsFolder : this.objectPath(folderKey.slice(0, -1));
    let entries;
    try {
      entries = await readdir(folderPath, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const key = folderKey + entry.name;
      if (entry.isFile() && key.startsWith(prefix)) yield key;
      const folder = `${key}/`;
      if (entry.isDirectory() && (folder.startsWith(prefix) || prefix.startsWith(folder))) {
        yield* this.walk(folder, prefix);
      }
    }
  }
}

/** The `code` of a Node system error (not `instanceof Error`: under Jest's VM it comes from another realm). */
export function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

/** A path that is not there, or runs through a file where a folder would be. */
export function isMissing(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR';
}

const KEY_CONFLICT_CODES = new Set(['ENOTDIR', 'EEXIST', 'EISDIR', 'ENOTEMPTY']);

/** On a filesystem `a` and `a/b` cannot both exist: one is a file, the other needs `a` as a folder. */
function asKeyConflict(key: string, error: unknown): unknown {
  const code = errorCode(error);
  if (code === 'ENAMETOOLONG') return new StorageKeyError(key, 'a segment is too long for the filesystem');
  if (code && KEY_CONFLICT_CODES.has(code)) {
    return new StorageKeyError(
      key,
      'it clashes with an existing key that is also a folder of this one, or the reverse',
    );
  }
  return error;
}
