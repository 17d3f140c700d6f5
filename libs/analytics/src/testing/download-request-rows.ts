import { randomUUID } from 'node:crypto';
import { requestIdAt, type DownloadRequestRow } from '../downloads/download-request-row.js';

/**
 * A GET of `episode`'s enclosure as the redirect records it, now, by one listener of AntennaPod (whose User-Agent
 * holds a tab, a backslash and a newline, which COPY's text format must escape).
 */
export function aDownloadRequestRow(
  episode: { podcastId: string; episodeId?: string; ownerId?: string },
  overrides: Partial<DownloadRequestRow> = {},
): DownloadRequestRow {
  const occurredAtMs = overrides.occurredAtMs ?? Date.now();
  return {
    id: requestIdAt(occurredAtMs),
    occurredAtMs,
    podcastId: episode.podcastId,
    episodeId: episode.episodeId ?? randomUUID(),
    ownerId: episode.ownerId ?? 'owner-a',
    listenerDay: '01'.repeat(16),
    listenerNext: '02'.repeat(16),
    addressDay: '03'.repeat(16),
    country: 'DE',
    userAgent: 'AntennaPod/3.5.0\twith a tab, a \\ backslash and a\nnewline',
    referrer: null,
    rangeHeader: 'bytes=0-',
    prefetch: false,
    source: null,
    ownStorage: false,
    ...overrides,
  };
}
