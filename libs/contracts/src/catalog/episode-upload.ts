import {
  EPISODE_DESCRIPTION_MAX,
  EPISODE_EDIT_TITLE_MAX,
  EPISODE_TITLE_MAX,
  episodeMessages,
  episodeStatusProblem,
  type EpisodeStatus,
} from './episode.js';

/** Spec 2 §9: a saved draft opens its edit screen this long after the save. */
export const UPLOAD_REDIRECT_DELAY_MS = 1000;

/**
 * The Upload Episode progress bar (spec 2 §4 "Upload progress"), in percent: 10 once the upload starts, the audio's
 * upload and processing between 10 and 60 (a video's between 65 and 80), 70 before the episode's payload is built, 90
 * before the create call, 100 when the episode exists.
 */
export const uploadProgressSteps = {
  started: 10,
  audio: { from: 10, to: 60 },
  video: { from: 65, to: 80 },
  payload: 70,
  creating: 90,
  done: 100,
} as const;

/** Spec 2 §4: the bar's figure changes at most this often while a step runs (a new step shows at once). */
export const UPLOAD_PROGRESS_DEBOUNCE_MS = 800;

/** Where `fraction` (0 to 1) of a range of the progress bar lands, as a whole percent. */
export function progressWithin(range: { from: number; to: number }, fraction: number): number {
  const bounded = Math.min(1, Math.max(0, fraction));
  return Math.round(range.from + (range.to - range.from) * bounded);
}

/** The labels of the Upload Episode screen's status selector: published reads 'Publish Now' (spec 2 §2). */
export const uploadStatusLabels = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Publish Now',
} as const;

/** What a failed episode save says, by what failed (spec 2 §8 "Upload failure mapping"). */
export interface EpisodeSaveFailure {
  /** The HTTP status; undefined when no answer came (the network failed). */
  status: number | undefined;
  /** The reason the server or the network gave. */
  message: string;
}

export const uploadFailureMessages = {
  network: 'Network error: Failed to fetch. Check your connection and try again.',
  unauthenticated: 'Authentication error: Please log in again and try publishing.',
  forbidden: episodeMessages.publishForbidden,
  badRequest: (reason: string) => `Bad request: ${reason}`,
  server: (reason: string) => `Server error: ${reason}`,
  creation: (reason: string) => `Episode creation failed: ${reason}`,
  upload: (reason: string) => `Upload failed: ${reason}`,
} as const;

/** The spec's wording for a failed create call on the Upload Episode screen. */
export function uploadFailureMessage({ status, message }: EpisodeSaveFailure): string {
  if (status === undefined) return uploadFailureMessages.network;
  if (status === 401) return uploadFailureMessages.unauthenticated;
  if (status === 403) return uploadFailureMessages.forbidden;
  if (status === 400) return uploadFailureMessages.badRequest(message);
  if (status >= 500) return uploadFailureMessages.server(message);
  return uploadFailureMessages.creation(message);
}

/** The title the Upload Episode screen prefills from a media file's name: its name without the extension. */
export function titleFromFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const base = dot > 0 ? fileName.slice(0, dot) : fileName;
  return base.replace(/[_]+/g, ' ').replace(/\s+/g, ' ').trim();
}

/** The values the Upload Episode screen and the editor check before a save. */
export interface EpisodeFormFacts {
  title: string;
  description: string;
  status: EpisodeStatus;
  hasMedia: boolean;
  /** ISO date-time, or null. */
  scheduledReleaseDate: string | null;
}

export type EpisodeFormField = 'title' | 'description' | 'mediaId' | 'scheduledReleaseDate';

/**
 * Spec 2 §5: the upload screen needs a media file and a title ('Please select a media file', 'Please enter an
 * episode title', titles under 255); the edit form keeps titles under 200 and checks the status rules. Both keep
 * descriptions under 4000 and a scheduled date in the future. Answers each field's first problem.
 */
export function episodeFormProblems(
  form: 'upload' | 'edit',
  facts: EpisodeFormFacts,
  now: Date = new Date(),
): Partial<Record<EpisodeFormField, string>> {
  const problems: Partial<Record<EpisodeFormField, string>> = {};
  const title = facts.title.trim();
  if (form === 'upload') {
    if (!facts.hasMedia) problems.mediaId = episodeMessages.uploadMediaRequired;
    if (!title) problems.title = episodeMessages.uploadTitleRequired;
    else if (title.length >= EPISODE_TITLE_MAX) problems.title = episodeMessages.titleTooLong;
  } else if (!title) problems.title = episodeMessages.titleRequired;
  else if (title.length >= EPISODE_EDIT_TITLE_MAX) problems.title = episodeMessages.editTitleTooLong;
  if (facts.description.trim().length >= EPISODE_DESCRIPTION_MAX)
    problems.description = episodeMessages.descriptionTooLong;
  const status = episodeStatusProblem(facts.status, facts.hasMedia, facts.scheduledReleaseDate, now);
  if (status && !problems[status.field]) problems[status.field] = status.message;
  return problems;
}
