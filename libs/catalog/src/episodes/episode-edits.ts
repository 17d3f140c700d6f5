import { isDeepStrictEqual } from 'node:util';
import {
  DomainError,
  episodeStatusProblem,
  PODCASTING20_FIELD_NAMES,
  podcasting20Problems,
  type Podcasting20Fields,
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

/**
 * Refuses a save whose Podcasting 2.0 fields break a rule across their items (chapter overlaps, soundbites beyond
 * the end, splits not totalling 100 …), checked on the episode as it will be. Only the fields the save changes are
 * checked, so an episode whose media became shorter than its chapters can still have its title saved; the editor
 * shows those chapters' problems beside them.
 */
export function checkPodcasting20(episode: Episode, before: Podcasting20Fields | null): void {
  const fields = podcasting20FieldsOf(episode);
  const changed = PODCASTING20_FIELD_NAMES.filter(
    (field) => before === null || !sameJson(fields[field], before[field]),
  );
  const problems = podcasting20Problems(fields, Math.round(episode.media?.durationSeconds ?? 0), changed);
  if (problems.length === 0) return;
  throw new DomainError(
    'VALIDATION_FAILED',
    problems[0]?.message,
    problems.map(({ path, message }) => ({ code: 'custom', path: ['input', ...path], message })),
  );
}

/** Equal as JSON: key order (PostgreSQL's jsonb keeps its own) and undefined properties do not count. */
function sameJson(a: unknown, b: unknown): boolean {
  const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? null));
  return isDeepStrictEqual(asJson(a), asJson(b));
}

/** The episode's Podcasting 2.0 fields, as a copy to compare a save against. */
export function podcasting20FieldsOf(episode: Episode): Podcasting20Fields {
  return Object.fromEntries(
    PODCASTING20_FIELD_NAMES.map((field) => [field, structuredClone(episode[field])]),
  ) as unknown as Podcasting20Fields;
}
