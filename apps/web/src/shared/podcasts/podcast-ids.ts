import { z } from 'zod';

/** Route ids that stand for "no podcast chosen yet"; they are resolved, never fetched. */
export const PLACEHOLDER_PODCAST_ID = 'placeholder';
const unresolvedPodcastIds: ReadonlySet<string> = new Set([PLACEHOLDER_PODCAST_ID, 'unknown']);

export function isUnresolvedPodcastId(podcastId: string): boolean {
  return unresolvedPodcastIds.has(podcastId);
}

const podcastIdSchema = z.uuid();

/** Podcast ids are UUIDs (spec 1 §5): anything else is never asked about. */
export function isPodcastId(podcastId: string): boolean {
  return podcastIdSchema.safeParse(podcastId).success;
}

export const LAST_USED_PODCAST_KEY = 'lastUsedPodcastId';

/** The podcast last opened on this device, used when a route carries no podcast id. */
export function readLastUsedPodcastId(): string | null {
  try {
    const podcastId = window.localStorage.getItem(LAST_USED_PODCAST_KEY);
    return podcastId && isPodcastId(podcastId) ? podcastId : null;
  } catch {
    return null;
  }
}

export function rememberLastUsedPodcastId(podcastId: string): void {
  if (!isPodcastId(podcastId)) return;
  try {
    window.localStorage.setItem(LAST_USED_PODCAST_KEY, podcastId);
  } catch {
    // Without storage the app simply falls back to the placeholder route.
  }
}

/** Forgets the podcast last used when it is the one given (it was deleted, or the person lost access to it). */
export function forgetLastUsedPodcastId(podcastId: string): void {
  try {
    if (window.localStorage.getItem(LAST_USED_PODCAST_KEY) === podcastId) {
      window.localStorage.removeItem(LAST_USED_PODCAST_KEY);
    }
  } catch {
    // Without storage there is nothing to forget.
  }
}
