import type { Episode } from '@castbase/contracts';

// How an episode's numbers and dates read in the list.

/** '4:05', '1:02:09'; '—' without media. */
export function formatDuration(seconds: number): string {
  if (seconds <= 0) return '—';
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

export function formatDate(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, { timeZone, dateStyle: 'medium' }).format(new Date(iso));
}

export function formatDateTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** 'S2 · E14' (what the episode has of the two). */
export function seasonAndNumber(episode: Pick<Episode, 'seasonNumber' | 'episodeNumber'>): string | null {
  const parts = [
    episode.seasonNumber !== null ? `S${episode.seasonNumber}` : null,
    episode.episodeNumber !== null ? `E${episode.episodeNumber}` : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(' · ') : null;
}

const typeLabels: Record<Episode['episodeType'], string> = {
  full: 'Full',
  trailer: 'Trailer',
  bonus: 'Bonus',
};

export const episodeTypeLabel = (episode: Pick<Episode, 'episodeType'>) => typeLabels[episode.episodeType];

/** The date that matters for the episode's status: published on, scheduled for, or created. */
export function statusDate(episode: Episode, timeZone: string): string {
  if (episode.status === 'published' && episode.publishDate)
    return `Published ${formatDate(episode.publishDate, timeZone)}`;
  if (episode.status === 'scheduled' && episode.scheduledReleaseDate)
    return `Scheduled for ${formatDateTime(episode.scheduledReleaseDate, timeZone)}`;
  return `Created ${formatDate(episode.createdAt, timeZone)}`;
}

/** The duration for a line of facts: nothing without media. */
export const durationFact = (seconds: number) => (seconds > 0 ? formatDuration(seconds) : null);

export const playsLabel = (plays: number) => (plays === 1 ? '1 play' : `${plays.toLocaleString()} plays`);
