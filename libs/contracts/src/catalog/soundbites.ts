import { z } from 'zod';
import { chapterMessages, formatTimecode, newItemId, parseTimecode, timecodeMessages } from './chapters.js';
import type { FieldProblem, Soundbite } from './podcasting20.js';

/**
 * Soundbites (spec 2 §3, §5, §9): a start and a whole number of seconds, within the episode and apart from each
 * other; the recommended length and the social platforms' maxima; the three auto-detected samples.
 */

export const SOUNDBITE_MIN_SECONDS = 1;
export const SOUNDBITE_MAX_SECONDS = 300;
export const SOUNDBITE_TITLE_MAX_LENGTH = 254;
/** The most soundbites an episode holds. */
export const SOUNDBITES_MAX = 50;
export const SOUNDBITE_RECOMMENDED_SECONDS = { min: 15, max: 60 } as const;

/** The longest clip each platform takes (spec 2 §9). */
export const SOCIAL_CLIP_MAX_SECONDS = [
  { platform: 'Twitter/X', maxSeconds: 140 },
  { platform: 'Instagram', maxSeconds: 60 },
  { platform: 'TikTok', maxSeconds: 60 },
  { platform: 'YouTube Shorts', maxSeconds: 60 },
] as const;
export type SocialPlatform = (typeof SOCIAL_CLIP_MAX_SECONDS)[number]['platform'];

/** What auto-detect proposes (spec 2 §9): start and length in seconds. */
export const AUTO_SOUNDBITE_SAMPLES = [
  { startTime: 30, duration: 15 },
  { startTime: 180, duration: 20 },
  { startTime: 420, duration: 30 },
] as const;

export const soundbiteMessages = {
  startNegative: chapterMessages.startNegative,
  startBeyondDuration: chapterMessages.startBeyondDuration,
  durationWhole: 'Duration must be a whole number of seconds',
  durationPositive: 'Duration must be greater than 0 seconds',
  durationTooLong: 'Soundbite duration cannot exceed 5 minutes',
  beyondDuration: 'Soundbite extends beyond episode duration',
  overlap: 'Soundbite overlaps with existing soundbite',
  titleTooLong: 'Soundbite title must be less than 255 characters',
  tooMany: `An episode can have at most ${SOUNDBITES_MAX} soundbites`,
  longerThanRecommended:
    'Longer than the recommended 15–60 seconds: most social platforms take at most 60 seconds',
} as const;

export const soundbiteDurationSchema = z
  .number()
  .int(soundbiteMessages.durationWhole)
  .min(SOUNDBITE_MIN_SECONDS, soundbiteMessages.durationPositive)
  .max(SOUNDBITE_MAX_SECONDS, soundbiteMessages.durationTooLong);
export const soundbiteTitleSchema = z
  .string()
  .trim()
  .max(SOUNDBITE_TITLE_MAX_LENGTH, soundbiteMessages.titleTooLong);

/** The warning for a soundbite longer than recommended; null within it. */
export function soundbiteLengthWarning(durationSeconds: number): string | null {
  return durationSeconds > SOUNDBITE_RECOMMENDED_SECONDS.max ? soundbiteMessages.longerThanRecommended : null;
}

/** The platforms that take a clip of this length. */
export function platformsFitting(durationSeconds: number): SocialPlatform[] {
  return SOCIAL_CLIP_MAX_SECONDS.filter(({ maxSeconds }) => durationSeconds <= maxSeconds).map(
    ({ platform }) => platform,
  );
}

type Span = Pick<Soundbite, 'startTime' | 'duration'>;

function soundbitesOverlap(first: Span, second: Span): boolean {
  return (
    first.startTime < second.startTime + second.duration &&
    second.startTime < first.startTime + first.duration
  );
}

/** The time rules of one soundbite, by field. `durationSeconds` 0 means the episode's length is unknown. */
function soundbiteTimeProblems(
  soundbite: Span,
  others: readonly Span[],
  durationSeconds: number,
): { startTime?: string; duration?: string } {
  if (soundbite.startTime < 0) return { startTime: soundbiteMessages.startNegative };
  if (durationSeconds > 0 && soundbite.startTime >= durationSeconds) {
    return { startTime: soundbiteMessages.startBeyondDuration };
  }
  const duration = soundbiteDurationSchema.safeParse(soundbite.duration);
  if (!duration.success)
    return { duration: duration.error.issues[0]?.message ?? soundbiteMessages.durationWhole };
  if (durationSeconds > 0 && soundbite.startTime + soundbite.duration > durationSeconds) {
    return { duration: soundbiteMessages.beyondDuration };
  }
  if (others.some((other) => soundbitesOverlap(soundbite, other)))
    return { startTime: soundbiteMessages.overlap };
  return {};
}

/**
 * The rules of the whole soundbite list, as the catalog checks them on save and the editor shows them: start within
 * the episode, a whole 1–300 s length that ends within it (when its duration is known, else 0), no overlaps (reported
 * on the later of the two; on the second in list order when they start together).
 */
export function soundbitesProblems(
  soundbites: readonly Soundbite[],
  durationSeconds: number,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  soundbites.forEach((soundbite, index) => {
    const earlier = soundbites.filter(
      (other, otherIndex) =>
        otherIndex !== index &&
        (other.startTime < soundbite.startTime ||
          (other.startTime === soundbite.startTime && otherIndex < index)),
    );
    const found = soundbiteTimeProblems(soundbite, earlier, durationSeconds);
    for (const field of ['startTime', 'duration'] as const) {
      const message = found[field];
      if (message) problems.push({ path: ['soundbites', index, field], message });
    }
  });
  return problems;
}

/** Soundbites in playing order. */
export function sortSoundbites(soundbites: readonly Soundbite[]): Soundbite[] {
  return [...soundbites].sort((a, b) => a.startTime - b.startTime);
}

/** The add/edit form's values, as typed: start as MM:SS or HH:MM:SS, duration in seconds, title optional. */
export interface SoundbiteDraft {
  startTime: string;
  duration: string;
  title: string;
}
export type SoundbiteDraftProblems = Partial<Record<keyof SoundbiteDraft, string>>;

/** The form for a new soundbite: after the last one, with the shortest recommended length. */
export function newSoundbiteDraft(soundbites: readonly Soundbite[]): SoundbiteDraft {
  const start = soundbites.reduce((latest, bite) => Math.max(latest, bite.startTime + bite.duration), 0);
  return { startTime: formatTimecode(start), duration: String(SOUNDBITE_RECOMMENDED_SECONDS.min), title: '' };
}

export function soundbiteDraftOf(soundbite: Soundbite): SoundbiteDraft {
  return {
    startTime: formatTimecode(soundbite.startTime),
    duration: String(soundbite.duration),
    title: soundbite.title ?? '',
  };
}

/** The duration field as a number: NaN when it is not one. */
function draftDuration(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text.trim());
}

/** The form's problems, by field, against `otherSoundbites` (the list without the one being edited). */
export function soundbiteDraftProblems(
  draft: SoundbiteDraft,
  otherSoundbites: readonly Soundbite[],
  durationSeconds: number,
): SoundbiteDraftProblems {
  const problems: SoundbiteDraftProblems = {};
  const title = soundbiteTitleSchema.safeParse(draft.title);
  if (!title.success) problems.title = title.error.issues[0]?.message;
  const startTime = parseTimecode(draft.startTime);
  if (startTime === null) problems.startTime = timecodeMessages.invalid;
  const duration = draftDuration(draft.duration);
  if (Number.isNaN(duration)) problems.duration = soundbiteMessages.durationWhole;
  if (startTime === null || problems.duration) return problems;
  return { ...problems, ...soundbiteTimeProblems({ startTime, duration }, otherSoundbites, durationSeconds) };
}

/** The soundbite a problem-free draft describes. */
export function soundbiteFromDraft(draft: SoundbiteDraft, id: string): Soundbite {
  const title = draft.title.trim();
  return {
    id,
    startTime: parseTimecode(draft.startTime) ?? 0,
    duration: draftDuration(draft.duration),
    ...(title ? { title } : {}),
  };
}

/**
 * The auto-detected soundbites (spec 2 §9's three samples) that fit within the episode and overlap none of
 * `existing`, as many as the list has room for; none while the episode's length is unknown (0).
 */
export function autoDetectSoundbites(
  durationSeconds: number,
  existing: readonly Soundbite[] = [],
): Soundbite[] {
  return AUTO_SOUNDBITE_SAMPLES.filter(
    (sample) =>
      sample.startTime + sample.duration <= durationSeconds &&
      !existing.some((soundbite) => soundbitesOverlap(sample, soundbite)),
  )
    .slice(0, Math.max(0, SOUNDBITES_MAX - existing.length))
    .map((sample) => ({ id: newItemId(), startTime: sample.startTime, duration: sample.duration }));
}
