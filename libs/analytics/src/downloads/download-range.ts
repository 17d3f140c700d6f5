export interface DownloadRange {
  /** Whether the request starts a download (and so is recorded). */
  counts: boolean;
  /** The first byte asked for, or null without a usable `Range` header. */
  rangeStart: number | null;
}

const FIRST_BYTE = /^bytes=(\d+)-/;
const SUFFIX = /^bytes=-\d+/;

/**
 * Players fetch one episode in many `Range` requests; only the one from the start counts as a download.
 * - no `Range`: counts, rangeStart null;
 * - `bytes=0-` or `bytes=0-1` (the probe some players send first): counts, rangeStart 0 — de-duplication of
 *   repeated requests belongs to the rollups, which group by ip hash and episode;
 * - `bytes=N-` with N > 0 (resuming or seeking): does not count;
 * - `bytes=-N` (the last N bytes, e.g. reading trailing tags): does not count;
 * - anything malformed: servers then send the whole file, so it counts, with rangeStart null.
 */
export function readDownloadRange(rangeHeader: string | undefined): DownloadRange {
  if (rangeHeader === undefined) return { counts: true, rangeStart: null };
  const header = rangeHeader.trim();
  const firstByte = FIRST_BYTE.exec(header);
  if (firstByte) {
    const rangeStart = Number(firstByte[1]);
    return { counts: rangeStart === 0, rangeStart };
  }
  if (SUFFIX.test(header)) return { counts: false, rangeStart: null };
  return { counts: true, rangeStart: null };
}
