import { z } from 'zod';
import type { Chapter, FieldProblem } from './podcasting20.js';

/**
 * Chapters (spec 2 §3, §5, §9): times as the editor writes them, the rules of one chapter and of the list, the
 * 5-minute auto chapters, and the podcastindex.org JSON chapters file (version 1.2.0) the editor imports and exports
 * and the public chapters endpoint serves.
 */

export const JSON_CHAPTERS_VERSION = '1.2.0';
export const JSON_CHAPTERS_CONTENT_TYPE = 'application/json+chapters';
/** Titles must be under 255 characters. */
export const CHAPTER_TITLE_MAX_LENGTH = 254;
/** How long a chapter without an end time lasts, at most (spec 2 §9). */
export const CHAPTER_DEFAULT_LENGTH_SECONDS = 60;
/** The most chapters an episode holds. */
export const CHAPTERS_MAX = 500;
/** The length of each auto-generated chapter. */
export const AUTO_CHAPTER_LENGTH_SECONDS = 300;

export const timecodeMessages = {
  invalid: 'Invalid time format (use MM:SS or HH:MM:SS)',
} as const;

export const chapterMessages = {
  titleRequired: 'Chapter title is required',
  titleTooLong: 'Chapter title must be less than 255 characters',
  startNegative: 'Start time must be positive',
  startBeyondDuration: 'Start time must be before the end of the episode',
  endBeforeStart: 'End time must be after start time',
  endBeyondDuration: 'End time cannot be later than the end of the episode',
  overlap: 'Chapter overlaps with existing chapters',
  tooMany: `An episode can have at most ${CHAPTERS_MAX} chapters`,
  invalidUrl: 'Please enter a valid URL',
  importFormat: 'Invalid chapters format',
  importParse: 'Failed to parse chapters JSON',
  importData: 'Invalid chapter data in import file',
} as const;

export const chapterTitleSchema = z
  .string()
  .trim()
  .min(1, chapterMessages.titleRequired)
  .max(CHAPTER_TITLE_MAX_LENGTH, chapterMessages.titleTooLong);
export const chapterUrlSchema = z.url(chapterMessages.invalidUrl);

/** A fresh id for an item of a Podcasting 2.0 list (a chapter, a soundbite); works outside secure contexts too. */
export function newItemId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const SECONDS_PART = /^(\d{2})(\.\d{1,3})?$/;

/**
 * Seconds from 'MM:SS' or 'HH:MM:SS' (minutes may pass 59 in the short form; seconds may carry up to three
 * decimals, as imported chapters often do); null when the text is neither.
 */
export function parseTimecode(text: string): number | null {
  const parts = text.trim().split(':');
  if (parts.length !== 2 && parts.length !== 3) return null;
  const secondsMatch = SECONDS_PART.exec(parts[parts.length - 1]!);
  if (!secondsMatch) return null;
  const seconds = Number(secondsMatch[1]) + Number(secondsMatch[2] ?? 0);
  if (seconds >= 60) return null;
  if (parts.length === 2) {
    if (!/^\d{1,4}$/.test(parts[0]!)) return null;
    return Number(parts[0]) * 60 + seconds;
  }
  const [hours, minutes] = parts as [string, string, string];
  if (!/^\d{1,3}$/.test(hours) || !/^\d{2}$/.test(minutes) || Number(minutes) >= 60) return null;
  return Number(hours) * 3600 + Number(minutes) * 60 + seconds;
}

/** 'MM:SS' below an hour, 'HH:MM:SS' from an hour on; fractions of a second are kept (to the millisecond). */
export function formatTimecode(totalSeconds: number): string {
  const safe = Math.max(0, totalSeconds);
  const whole = Math.floor(safe);
  const fraction = Math.round((safe - whole) * 1000) / 1000;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = whole % 60;
  const fractionText = fraction > 0 && fraction < 1 ? String(fraction).slice(1) : '';
  const tail = `${String(seconds).padStart(2, '0')}${fractionText}`;
  if (hours === 0) return `${String(minutes).padStart(2, '0')}:${tail}`;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}:${tail}`;
}

/** Chapters in playing order (by start, then by end). */
export function sortChapters(chapters: readonly Chapter[]): Chapter[] {
  return [...chapters].sort(
    (a, b) => a.startTime - b.startTime || (a.endTime ?? Infinity) - (b.endTime ?? Infinity),
  );
}

/**
 * Where a chapter ends. Without an end time it lasts 60 s (spec 2 §9) but never past the start of the next chapter:
 * JSON chapters files usually give start times only, each chapter running until the next, and such a list must not
 * count as overlapping. `nextStart` is the start of the next chapter in playing order, if any.
 */
export function effectiveChapterEnd(
  chapter: Pick<Chapter, 'startTime' | 'endTime'>,
  nextStart?: number,
): number {
  if (chapter.endTime != null) return chapter.endTime;
  const defaultEnd = chapter.startTime + CHAPTER_DEFAULT_LENGTH_SECONDS;
  return nextStart !== undefined && nextStart > chapter.startTime
    ? Math.min(defaultEnd, nextStart)
    : defaultEnd;
}

/** Where a new chapter starts by default: where the last one ends, or 0 for the first. */
export function nextChapterStart(chapters: readonly Chapter[]): number {
  return sortChapters(chapters).reduce(
    (latest, chapter) => Math.max(latest, effectiveChapterEnd(chapter)),
    0,
  );
}

type Span = Pick<Chapter, 'startTime' | 'endTime'>;

/** Whether two chapters share any time (or start together), each ending as `effectiveChapterEnd` says. */
function chaptersOverlap(first: Span, second: Span): boolean {
  const [earlier, later] = first.startTime <= second.startTime ? [first, second] : [second, first];
  if (earlier.startTime === later.startTime) return true;
  return later.startTime < effectiveChapterEnd(earlier, later.startTime);
}

/** The time rules of one chapter: the message per time field. `durationSeconds` 0 means unknown (no bound). */
function chapterTimeProblems(
  chapter: Span,
  others: readonly Span[],
  durationSeconds: number,
): { startTime?: string; endTime?: string } {
  if (chapter.startTime < 0) return { startTime: chapterMessages.startNegative };
  if (durationSeconds > 0 && chapter.startTime >= durationSeconds) {
    return { startTime: chapterMessages.startBeyondDuration };
  }
  if (chapter.endTime != null && chapter.endTime <= chapter.startTime) {
    return { endTime: chapterMessages.endBeforeStart };
  }
  if (durationSeconds > 0 && chapter.endTime != null && chapter.endTime > durationSeconds) {
    return { endTime: chapterMessages.endBeyondDuration };
  }
  if (others.some((other) => chaptersOverlap(chapter, other))) return { startTime: chapterMessages.overlap };
  return {};
}

/**
 * The rules of a whole chapter list, as the catalog checks them on save and the editor shows them beside each
 * chapter: times within the episode (when its duration is known, else 0), end after start, no overlaps. The list's
 * order does not matter; a problem names the chapter by its index in `chapters`.
 */
export function chaptersProblems(chapters: readonly Chapter[], durationSeconds: number): FieldProblem[] {
  const problems: FieldProblem[] = [];
  chapters.forEach((chapter, index) => {
    // An overlap is reported on the later chapter of the two (the first in list order when they start together).
    const earlier = chapters.filter(
      (other, otherIndex) =>
        otherIndex !== index &&
        (other.startTime < chapter.startTime ||
          (other.startTime === chapter.startTime && otherIndex < index)),
    );
    const found = chapterTimeProblems(chapter, earlier, durationSeconds);
    for (const field of ['startTime', 'endTime'] as const) {
      const message = found[field];
      if (message) problems.push({ path: ['chapters', index, field], message });
    }
  });
  return problems;
}

/** The add/edit form's values, as typed (times as MM:SS or HH:MM:SS; end, url and image may be left empty). */
export interface ChapterDraft {
  title: string;
  startTime: string;
  endTime: string;
  url: string;
  image: string;
  toc: boolean;
}
export type ChapterDraftProblems = Partial<Record<Exclude<keyof ChapterDraft, 'toc'>, string>>;

/** The form for a new chapter: starting where the last one ends. */
export function newChapterDraft(chapters: readonly Chapter[]): ChapterDraft {
  return {
    title: '',
    startTime: formatTimecode(nextChapterStart(chapters)),
    endTime: '',
    url: '',
    image: '',
    toc: true,
  };
}

/** The form for editing `chapter`. */
export function chapterDraftOf(chapter: Chapter): ChapterDraft {
  return {
    title: chapter.title,
    startTime: formatTimecode(chapter.startTime),
    endTime: chapter.endTime == null ? '' : formatTimecode(chapter.endTime),
    url: chapter.url ?? '',
    image: chapter.image ?? '',
    toc: chapter.toc,
  };
}

function messageOf(result: {
  success: boolean;
  error?: { issues: Array<{ message: string }> };
}): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

/**
 * The form's problems, by field: the chapter's own rules and its overlap with `otherChapters` (the list without the
 * chapter being edited). An empty object means `chapterFromDraft` may take it.
 */
export function chapterDraftProblems(
  draft: ChapterDraft,
  otherChapters: readonly Chapter[],
  durationSeconds: number,
): ChapterDraftProblems {
  const problems: ChapterDraftProblems = {};
  const title = messageOf(chapterTitleSchema.safeParse(draft.title));
  if (title) problems.title = title;
  for (const field of ['url', 'image'] as const) {
    const message = draft[field].trim()
      ? messageOf(chapterUrlSchema.safeParse(draft[field].trim()))
      : undefined;
    if (message) problems[field] = message;
  }
  const startTime = parseTimecode(draft.startTime);
  const endTime = draft.endTime.trim() ? parseTimecode(draft.endTime) : null;
  if (startTime === null) problems.startTime = timecodeMessages.invalid;
  if (draft.endTime.trim() && endTime === null) problems.endTime = timecodeMessages.invalid;
  if (problems.startTime || problems.endTime || startTime === null) return problems;
  return { ...problems, ...chapterTimeProblems({ startTime, endTime }, otherChapters, durationSeconds) };
}

/** The chapter a problem-free draft describes. */
export function chapterFromDraft(draft: ChapterDraft, id: string): Chapter {
  return {
    id,
    title: draft.title.trim(),
    startTime: parseTimecode(draft.startTime) ?? 0,
    endTime: draft.endTime.trim() ? parseTimecode(draft.endTime) : null,
    url: draft.url.trim() || null,
    image: draft.image.trim() || null,
    toc: draft.toc,
  };
}

/**
 * Chapters every 5 minutes over the episode ('Chapter 1', 'Chapter 2', ...), the last one ending with the episode;
 * none when the duration is unknown (0).
 */
export function autoChapters(durationSeconds: number): Chapter[] {
  const chapters: Chapter[] = [];
  for (let start = 0; start < durationSeconds; start += AUTO_CHAPTER_LENGTH_SECONDS) {
    chapters.push({
      id: newItemId(),
      title: `Chapter ${chapters.length + 1}`,
      startTime: start,
      endTime: Math.min(start + AUTO_CHAPTER_LENGTH_SECONDS, durationSeconds),
      url: null,
      image: null,
      toc: true,
    });
  }
  return chapters;
}

/** One chapter of a JSON chapters file (podcastindex.org, version 1.2.0). */
export interface JsonChapter {
  startTime: number;
  title: string;
  url?: string;
  img?: string;
  endTime?: number;
  toc?: boolean;
}

/** The document-level fields a JSON chapters file may carry besides its chapters. */
export interface JsonChaptersExtras {
  author?: string;
  title?: string;
  podcastName?: string;
  description?: string;
  fileName?: string;
}

export interface JsonChaptersDocument extends JsonChaptersExtras {
  version: typeof JSON_CHAPTERS_VERSION;
  chapters: JsonChapter[];
}

/**
 * The JSON chapters file for `chapters`, in playing order: what the editor exports and the public chapters endpoint
 * serves. The file calls the image `img`; `toc` is written for every chapter.
 */
export function jsonChaptersDocument(
  chapters: readonly Chapter[],
  extras: JsonChaptersExtras = {},
): JsonChaptersDocument {
  const documentExtras = Object.fromEntries(
    Object.entries(extras).filter(([, value]) => typeof value === 'string' && value.trim() !== ''),
  ) as JsonChaptersExtras;
  return {
    version: JSON_CHAPTERS_VERSION,
    ...documentExtras,
    chapters: sortChapters(chapters).map((chapter) => ({
      startTime: chapter.startTime,
      title: chapter.title,
      ...(chapter.url ? { url: chapter.url } : {}),
      ...(chapter.image ? { img: chapter.image } : {}),
      ...(chapter.endTime != null ? { endTime: chapter.endTime } : {}),
      toc: chapter.toc,
    })),
  };
}

const importedChapterSchema = z
  .object({
    startTime: z.number().finite().nonnegative(),
    title: chapterTitleSchema,
    url: chapterUrlSchema.optional(),
    img: chapterUrlSchema.optional(),
    endTime: z.number().finite().optional(),
    toc: z.boolean().optional(),
  })
  .refine((chapter) => chapter.endTime === undefined || chapter.endTime > chapter.startTime);

export type ParsedJsonChapters = { chapters: Chapter[] } | { error: string };

/**
 * The chapters of a JSON chapters file, each with a new id, in playing order; or the one error that explains why not:
 * text that is not JSON, JSON without a `chapters` array, or a chapter that is not one (no start or title, a bad URL,
 * an end before its start). Document-level fields and a chapter's `location` are not kept.
 */
export function parseJsonChapters(text: string): ParsedJsonChapters {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return { error: chapterMessages.importParse };
  }
  const chapters = (document as { chapters?: unknown } | null)?.chapters;
  if (typeof document !== 'object' || !Array.isArray(chapters))
    return { error: chapterMessages.importFormat };
  const imported: Chapter[] = [];
  for (const item of chapters) {
    const parsed = importedChapterSchema.safeParse(item);
    if (!parsed.success) return { error: chapterMessages.importData };
    imported.push({
      id: newItemId(),
      startTime: parsed.data.startTime,
      title: parsed.data.title,
      url: parsed.data.url ?? null,
      image: parsed.data.img ?? null,
      endTime: parsed.data.endTime ?? null,
      toc: parsed.data.toc ?? true,
    });
  }
  return { chapters: sortChapters(imported) };
}
