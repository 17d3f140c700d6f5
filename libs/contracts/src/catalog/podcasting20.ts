import { z } from 'zod';
// episode-extras.ts and persons.ts import only this file's types, so their messages come from there without a cycle.
import {
  ALTERNATE_ENCLOSURE_TITLE_MAX_LENGTH,
  alternateEnclosureMessages,
  FUNDING_MESSAGE_MAX_LENGTH,
  FUNDING_TITLE_MAX_LENGTH,
  fundingMessages,
  LANGUAGE_TAG_PATTERN,
  MIME_TYPE_PATTERN,
} from './episode-extras.js';
import { PERSON_NAME_MAX_LENGTH, personMessages } from './persons.js';
import { isTranscriptLanguage, transcriptMessages } from './transcripts.js';
import { chapterTitleSchema, chapterUrlSchema } from './chapters.js';
import { soundbiteDurationSchema, soundbiteTitleSchema } from './soundbites.js';
// value-block.ts imports only this file's types, so the messages come from there without a cycle.
import { DEFAULT_SUGGESTED_BTC, valueMessages } from './value-block.js';
import { webUrlSchema, type License, type Location } from './location-and-license.js';

/**
 * The Podcasting 2.0 entities an episode holds (spec 2 §3), in the shapes the catalog stores and the feeds render.
 * Their editors and the finer rules of spec 2 §5 (chapter overlaps, soundbite bounds, value splits, lightning
 * addresses) come with the Podcasting 2.0 issue; here each is checked for its structure.
 */

const seconds = z.number().nonnegative('Start time must be positive');
const webUrl = webUrlSchema;

/** The list's rules (end after start, within the episode, no overlaps) are `chaptersProblems` (chapters.ts). */
export const chapterSchema = z.object({
  id: z.string().min(1).max(100),
  startTime: seconds,
  title: chapterTitleSchema,
  url: chapterUrlSchema.nullable().optional(),
  image: chapterUrlSchema.nullable().optional(),
  endTime: z.number().nonnegative().nullable().optional(),
  /** false: a hidden chapter (not in the table of contents). */
  toc: z.boolean().default(true),
});
export type Chapter = z.infer<typeof chapterSchema>;

/** The list's rules (within the episode, no overlaps) are `soundbitesProblems` (soundbites.ts). */
export const soundbiteSchema = z.object({
  id: z.string().min(1).max(100),
  startTime: seconds,
  duration: soundbiteDurationSchema,
  title: soundbiteTitleSchema.optional(),
});
export type Soundbite = z.infer<typeof soundbiteSchema>;

export const PERSON_ROLES = [
  'Host',
  'Guest',
  'Producer',
  'Editor',
  'Writer',
  'Designer',
  'Composer',
  'Voice Actor',
] as const;

/** The list's rule (one credit per person and role) is `personsProblems`; feed attributes are in persons.ts. */
export const personSchema = z.object({
  id: z.string().min(1).max(100),
  name: z
    .string()
    .trim()
    .min(1, personMessages.nameRequired)
    .max(PERSON_NAME_MAX_LENGTH, personMessages.nameTooLong),
  role: z.enum(PERSON_ROLES, {
    error: ({ input }) =>
      input === undefined || input === ''
        ? personMessages.roleRequired
        : personMessages.roleUnknown(PERSON_ROLES),
  }),
  /** Castbase's own grouping of credits ('Panel'). */
  group: z.string().trim().max(100).optional(),
  img: webUrl(personMessages.invalidUrl).nullable().optional(),
  href: webUrl(personMessages.invalidUrl).nullable().optional(),
});
export type Person = z.infer<typeof personSchema>;

/**
 * `<podcast:transcript>` types. SRT is `application/x-subrip`, as the namespace names it and podcast apps read it
 * (spec 2 §3 writes `text/srt`, which the schema still takes and turns into it; see docs/media.md).
 */
export const TRANSCRIPT_TYPES = [
  'text/vtt',
  'application/x-subrip',
  'application/json',
  'text/plain',
] as const;
export type TranscriptType = (typeof TRANSCRIPT_TYPES)[number];
export const TRANSCRIPT_RELS = ['captions', 'transcript', 'subtitles'] as const;
export type TranscriptRel = (typeof TRANSCRIPT_RELS)[number];

export const transcriptSchema = z.object({
  id: z.string().min(1).max(100),
  /** The file's address: media's storage URL of an uploaded file, or a link elsewhere (http or https only). */
  url: z
    .url({ protocol: /^https?$/, error: transcriptMessages.invalidUrl })
    .max(2000, transcriptMessages.invalidUrl),
  type: z
    .enum([...TRANSCRIPT_TYPES, 'text/srt'], { error: transcriptMessages.invalidType })
    .transform((type): TranscriptType => (type === 'text/srt' ? 'application/x-subrip' : type)),
  /** ISO 639-1, optionally with a region (en, en-US). */
  language: z.string().trim().refine(isTranscriptLanguage, transcriptMessages.invalidLanguage).default('en'),
  rel: z.enum(TRANSCRIPT_RELS).default('captions'),
});
export type Transcript = z.infer<typeof transcriptSchema>;

export const valueRecipientSchema = z.object({
  name: z.string().trim().min(1, valueMessages.nameRequired).max(254),
  type: z.enum(['node', 'keysend']),
  address: z.string().trim().min(1, valueMessages.addressRequired).max(400),
  split: z.number().positive(valueMessages.splitNotPositive).max(100, valueMessages.splitExceeds(100)),
  customKey: z.string().trim().max(200).optional(),
  customValue: z.string().trim().max(400).optional(),
  fee: z.boolean().optional(),
});
export const valueBlockSchema = z.object({
  type: z.enum(['lightning', 'webmonetization']),
  method: z.enum(['keysend', 'amp', 'lnurl']),
  /** In bitcoin; default 0.00000005 (5 sats). */
  suggested: z.number().nonnegative(valueMessages.suggestedNegative).default(DEFAULT_SUGGESTED_BTC),
  recipients: z.array(valueRecipientSchema).max(50),
});
export type ValueBlock = z.infer<typeof valueBlockSchema>;

/** The list's rule (each URL once) is `fundingProblems` (episode-extras.ts). */
export const fundingLinkSchema = z.object({
  url: webUrl(fundingMessages.invalidUrl),
  /** The text apps show on the link (podcast:funding's content). */
  title: z
    .string()
    .trim()
    .min(1, fundingMessages.titleRequired)
    .max(FUNDING_TITLE_MAX_LENGTH, fundingMessages.titleTooLong),
  /** A longer word to listeners, on Castbase's episode page. */
  message: z.string().trim().max(FUNDING_MESSAGE_MAX_LENGTH, fundingMessages.messageTooLong).optional(),
});
export type FundingLink = z.infer<typeof fundingLinkSchema>;

// The location and license schemas are shared with the podcast's channel (podcast-channel.ts).
export { licenseSchema, locationSchema, type License, type Location } from './location-and-license.js';

const enclosureMessages = alternateEnclosureMessages;
export const alternateEnclosureSchema = z.object({
  type: z
    .string()
    .trim()
    .min(1, enclosureMessages.typeRequired)
    .max(100, enclosureMessages.typeFormat)
    .regex(MIME_TYPE_PATTERN, enclosureMessages.typeFormat),
  /** Bytes. */
  length: z.number().int(enclosureMessages.lengthWhole).nonnegative(enclosureMessages.lengthWhole).optional(),
  /** Bits per second. */
  bitrate: z.number().positive(enclosureMessages.bitratePositive).optional(),
  /** Pixels, for video. */
  height: z.number().int(enclosureMessages.heightWhole).positive(enclosureMessages.heightWhole).optional(),
  lang: z.string().trim().regex(LANGUAGE_TAG_PATTERN, enclosureMessages.langFormat).optional(),
  title: z
    .string()
    .trim()
    .max(ALTERNATE_ENCLOSURE_TITLE_MAX_LENGTH, enclosureMessages.titleTooLong)
    .optional(),
  rel: z.string().trim().max(32, enclosureMessages.relTooLong).optional(),
  sources: z.array(webUrl(enclosureMessages.invalidUrl)).min(1, enclosureMessages.sourcesRequired).max(10),
});
export type AlternateEnclosure = z.infer<typeof alternateEnclosureSchema>;

/** The Podcasting 2.0 fields of an episode, as the editors change them and create/update take them. */
export interface Podcasting20Fields {
  transcripts: Transcript[];
  chapters: Chapter[];
  soundbites: Soundbite[];
  persons: Person[];
  value: ValueBlock | null;
  location: Location | null;
  funding: FundingLink[];
  license: License | null;
  alternateEnclosures: AlternateEnclosure[];
}

export const PODCASTING20_FIELD_NAMES = [
  'transcripts',
  'chapters',
  'soundbites',
  'persons',
  'value',
  'location',
  'funding',
  'license',
  'alternateEnclosures',
] as const satisfies ReadonlyArray<keyof Podcasting20Fields>;

/** An episode's Podcasting 2.0 fields when it holds none. */
export function emptyPodcasting20Fields(): Podcasting20Fields {
  return {
    transcripts: [],
    chapters: [],
    soundbites: [],
    persons: [],
    value: null,
    location: null,
    funding: [],
    license: null,
    alternateEnclosures: [],
  };
}

/**
 * One broken rule of a list or block as a whole (overlaps, bounds, splits): `path` names the item
 * (`['chapters', 2, 'endTime']`), `message` is the spec's wording. The editors show it beside the item; the catalog
 * refuses a save that has any, with the same message.
 */
export interface FieldProblem {
  path: Array<string | number>;
  message: string;
}
