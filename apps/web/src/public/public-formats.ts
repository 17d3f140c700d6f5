import type { PublicEpisode } from '@castbase/contracts';
import { formatDuration } from '../shared/media-upload/upload-figures.js';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

export function publishedOn(episode: Pick<PublicEpisode, 'publishDate'>): string {
  return dateFormat.format(new Date(episode.publishDate));
}

/** "S2 · E7", "E7", or null. */
export function episodeNumbering(
  episode: Pick<PublicEpisode, 'seasonNumber' | 'episodeNumber'>,
): string | null {
  const parts = [
    episode.seasonNumber ? `Season ${episode.seasonNumber}` : null,
    episode.episodeNumber ? `Episode ${episode.episodeNumber}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** "12 March 2026 · 42:10 · Season 2 · Episode 7". */
export function episodeFacts(episode: PublicEpisode): string {
  return [
    publishedOn(episode),
    episode.media ? formatDuration(episode.durationSeconds) : null,
    episodeNumbering(episode),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The absolute address of a site-relative URL (a copied link must work anywhere). */
export function absoluteUrl(url: string): string {
  return new URL(url, window.location.origin).href;
}

/**
 * A creator's link made safe to follow: http(s) and mailto addresses only (a `javascript:` or `data:` link typed into
 * a podcast's settings must never run on its public page); anything else is null and is not shown as a link.
 */
export function safeLinkUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.origin);
    return ['http:', 'https:', 'mailto:'].includes(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}
