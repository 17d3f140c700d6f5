/** Longest file name kept in a storage key; S3 allows 1024 bytes for the whole key. */
const MAX_FILE_NAME_LENGTH = 100;
const MAX_EXTENSION_LENGTH = 10;

/**
 * A file name that is safe as the last segment of a storage key and of a URL: only ASCII letters,
 * digits, `.`, `_` and `-`, no leading dot, at most 100 characters with the extension kept. Accents
 * are folded (`Épisode` → `Episode`), any path the browser sent is dropped, and a name with nothing
 * usable left becomes `media` with the original extension.
 */
export function toStorageFileName(fileName: string): string {
  const baseName = fileName.split(/[/\\]/).pop() ?? '';
  const ascii = baseName.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const dot = ascii.lastIndexOf('.');
  const hasExtension = dot > 0 && ascii.length - dot - 1 <= MAX_EXTENSION_LENGTH;
  const stem = toSafeSegment(hasExtension ? ascii.slice(0, dot) : ascii) || 'media';
  const extension = hasExtension
    ? toSafeSegment(ascii.slice(dot + 1))
        .replace(/\./g, '')
        .toLowerCase()
    : '';
  const suffix = extension ? `.${extension}` : '';
  return stem.slice(0, MAX_FILE_NAME_LENGTH - suffix.length).replace(/[-_.]+$/, '') + suffix;
}

/**
 * One storage-key segment from free text (an owner id such as `auth0|abc`, a file name's stem):
 * unsafe characters become `-`, runs of separators collapse, and none lead or trail.
 */
export function toSafeSegment(text: string): string {
  return text
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/([-_.])[-_.]+/g, '$1')
    .replace(/^[-_.]+|[-_.]+$/g, '');
}
