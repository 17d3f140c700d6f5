import { StorageKeyError } from './storage-errors.js';

/** S3's limit, applied everywhere so a key that works on one store works on the other. */
const MAX_KEY_BYTES = 1024;
// eslint-disable-next-line no-control-regex -- control characters are exactly what this rejects
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

function keyProblem(key: string): string | undefined {
  if (key.length === 0) return 'it is empty';
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) return `it is longer than ${MAX_KEY_BYTES} bytes`;
  if (CONTROL_CHARACTERS.test(key)) return 'control characters are not allowed';
  if (key.includes('\\')) return 'backslashes are not allowed';
  if (key.startsWith('/')) return 'it must be relative (no leading "/")';
  for (const segment of key.split('/')) {
    if (segment === '') return 'empty segments ("//" or a trailing "/") are not allowed';
    if (segment === '.' || segment === '..') return `"${segment}" segments are not allowed`;
  }
  return undefined;
}

/** Throws `StorageKeyError` unless `key` is a relative, normalised key that stays where it is put. */
export function assertStorageKey(key: unknown): asserts key is string {
  if (typeof key !== 'string') throw new StorageKeyError(key, 'it must be a string');
  const problem = keyProblem(key);
  if (problem) throw new StorageKeyError(key, problem);
}

/** A `list` prefix: empty, or key-like with an optional trailing "/". */
export function assertListPrefix(prefix: unknown): asserts prefix is string {
  if (typeof prefix !== 'string') throw new StorageKeyError(prefix, 'it must be a string');
  if (prefix === '') return;
  const problem = keyProblem(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
  if (problem) throw new StorageKeyError(prefix, problem);
}

/** A scope or public prefix as a folder: validated, without a leading "/" and always ending in "/". */
export function toFolderPrefix(prefix: string): string {
  const folder = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  assertStorageKey(folder);
  return `${folder}/`;
}

/** Encodes each segment for a URL path, keeping the "/" between them. */
export function encodeKeyForUrl(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}
