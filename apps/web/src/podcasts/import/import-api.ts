import {
  feedImportPreviewSchema,
  feedImportStatusSchema,
  type FeedImportPreview,
  type FeedImportStatus,
} from '@castbase/contracts';
import type { ApiClient } from '../../shared/api/api-client.js';

/** `/import?podcast={id}`: the screen of an import under way (or done), which a reload keeps. */
export const IMPORT_PATH = '/import';
export function importProgressPath(podcastId: string): string {
  return `${IMPORT_PATH}?podcast=${encodeURIComponent(podcastId)}`;
}

export function importQueryKey(podcastId: string) {
  return ['podcast-import', podcastId] as const;
}

export function previewImport(api: ApiClient, url: string): Promise<FeedImportPreview> {
  return api.request('/podcast-imports/preview', {
    method: 'POST',
    body: { url },
    response: feedImportPreviewSchema,
  });
}

export function startImport(api: ApiClient, url: string): Promise<FeedImportStatus> {
  return api.request('/podcast-imports', { method: 'POST', body: { url }, response: feedImportStatusSchema });
}

export function fetchImport(
  api: ApiClient,
  podcastId: string,
  signal?: AbortSignal,
): Promise<FeedImportStatus> {
  return api.get(`/podcasts/${podcastId}/import`, feedImportStatusSchema, signal);
}

export function rerunImport(api: ApiClient, podcastId: string): Promise<FeedImportStatus> {
  return api.request(`/podcasts/${podcastId}/import/rerun`, {
    method: 'POST',
    response: feedImportStatusSchema,
  });
}

/** '12.5 MB' */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = -1;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value.toFixed(value >= 100 ? 0 : 1)} ${units[unit]}`;
}
