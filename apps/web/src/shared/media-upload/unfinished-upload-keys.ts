/** Starts every fingerprint this app gives a tus upload (see `fingerprintPrefix`). */
export const UPLOAD_FINGERPRINT_NAMESPACE = 'castbase';

/** tus-js-client keeps an unfinished upload's URL in local storage under `tus::<fingerprint>::<n>`. */
export const UNFINISHED_UPLOAD_KEY_PREFIX = `tus::${UPLOAD_FINGERPRINT_NAMESPACE}|`;

/** Forgets every unfinished upload on this device (after a sign-out); the server sweeps them once they expire. */
export function forgetUnfinishedUploads(storage: Storage): void {
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
  for (const key of keys) if (key?.startsWith(UNFINISHED_UPLOAD_KEY_PREFIX)) storage.removeItem(key);
}
