import {
  DomainError,
  episodeStatusProblem,
  type EpisodeStatus,
  type ParsedUpdateEpisodeInput,
  type StoredEpisodeMedia,
} from '@castbase/contracts';
import type { EpisodeArtwork } from './episode-attachments.js';
import type { Episode } from './episode.entity.js';

/** The fields a save copies as they are (media, artwork and status have rules of their own). */
const PLAIN_FIELDS = [
  'title',
  'description',
  'tags',
  'enableRss',
  'enableVideo',
  'episodeType',
  'explicit',
  'seasonNumber',
  'episodeNumber',
  'podcastBlock',
  'transcripts',
  'chapters',
  'soundbites',
  'persons',
  'value',
  'location',
  'funding',
  'license',
  'alternateEnclosures',
] as const satisfies ReadonlyArray<keyof ParsedUpdateEpisodeInput & keyof Episode>;

export type PlainEpisodeFields = Pick<ParsedUpdateEpisodeInput, (typeof PLAIN_FIELDS)[number]>;

/** Copies every plain field the input holds; a field it leaves out keeps its value. */
export function applyPlainFields(episode: Episode, input: PlainEpisodeFields): void {
  for (const field of PLAIN_FIELDS) {
    const value = input[field];
    if (value !== undefined) Object.assign(episode, { [field]: value });
  }
}

/** The media and artwork a save attaches: undefined leaves them, null removes them. */
export type EpisodeAttachments = {
  media?: StoredEpisodeMedia | null;
  artwork?: EpisodeArtwork;
};

export function applyAttachments(episode: Episode, attachments: EpisodeAttachments): void {
  if (attachments.media !== undefined) episode.media = attachments.media;
  if (attachments.artwork !== undefined) {
    episode.artworkMediaId = attachments.artwork.artworkMediaId;
    episode.artworkKey = attachments.artwork.artworkKey;
  }
}

/** A rule of spec 2 §4–§5 the episode as it would be breaks, as the forms show it (under the field). */
export function statusRuleViolation(problem: { field: string; message: string }): DomainError {
  return new DomainError('VALIDATION_FAILED', problem.message, [
    { code: 'custom', path: ['input', problem.field], message: problem.message },
  ]);
}

/**
 * Moves the episode to `status` (spec 2 §4), after checking the status rules against the episode as it will be:
 * published needs audio or video and takes the publish date now when it becomes published; scheduled needs a
 * future date; draft and published clear the schedule. The rules are checked only when the status, the date or
 * the media changes, so saving other fields of a scheduled episode whose minute has just come is not refused.
 */
export function applyStatus(
  episode: Episode,
  status: EpisodeStatus,
  scheduledReleaseDate: Date | null,
  before: { status: EpisodeStatus; scheduledReleaseDate: Date | null; mediaId: string | null },
  now: Date = new Date(),
): void {
  const changed =
    status !== before.status ||
    scheduledReleaseDate?.getTime() !== before.scheduledReleaseDate?.getTime() ||
    (episode.media?.mediaId ?? null) !== before.mediaId;
  if (changed) {
    const problem = episodeStatusProblem(status, episode.media !== null, scheduledReleaseDate, now);
    if (problem) throw statusRuleViolation(problem);
  }
  if (status === 'published' && episode.status !== 'published') episode.publishDate = now;
  episode.scheduledReleaseDate = status === 'scheduled' ? scheduledReleaseDate : null;
  episode.status = status;
}
