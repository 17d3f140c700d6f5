import { z } from 'zod';
import { defineRequest } from '../messaging/definitions.js';

/**
 * The public JSON chapters file of an episode (spec 2 §3): the catalog stores it at {@link chaptersFileKey} whenever
 * the episode's chapters change and removes it when they are emptied or the episode is deleted; the gateway serves it
 * at {@link chaptersFilePath} (no sign-in) for published episodes only; feeds link it as `<podcast:chapters>`.
 */

/** `chapters/episode_{id}_chapters.json`: outside the storage's public folder, so only the gateway route reads it. */
export function chaptersFileKey(episodeId: string): string {
  return `chapters/episode_${episodeId}_chapters.json`;
}

/** `/api/chapters/{episodeId}.json`, the file's public path (absolute with the site's public URL). */
export function chaptersFilePath(episodeId: string): string {
  return `/api/chapters/${episodeId}.json`;
}

export const publicChaptersRequests = {
  /**
   * Where the chapters file of a published episode with chapters is stored; EPISODE_NOT_FOUND for any other id (a
   * draft, a scheduled or deleted episode, one without chapters). Anyone may ask (no caller).
   */
  getPublicChapters: defineRequest(
    'catalog.public-chapters.get',
    z.object({ episodeId: z.uuid() }),
    z.object({ storageKey: z.string().min(1) }),
  ),
} as const;
