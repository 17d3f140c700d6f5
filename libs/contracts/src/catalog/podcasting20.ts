import { z } from 'zod';

/**
 * The Podcasting 2.0 entities an episode holds (spec 2 §3), in the shapes the catalog stores and the feeds render.
 * Their editors and the finer rules of spec 2 §5 (chapter overlaps, soundbite bounds, value splits, lightning
 * addresses) come with the Podcasting 2.0 issue; here each is checked for its structure.
 */

const optionalUrl = z.url('Please enter a valid URL').nullable().optional();
const seconds = z.number().nonnegative('Start time must be positive');

export const chapterSchema = z.object({
  id: z.string().min(1).max(100),
  startTime: seconds,
  title: z.string().trim().min(1, 'Chapter title is required').max(254),
  url: optionalUrl,
  image: optionalUrl,
  endTime: z.number().nonnegative().nullable().optional(),
  /** false: a hidden chapter (not in the table of contents). */
  toc: z.boolean().default(true),
});
export type Chapter = z.infer<typeof chapterSchema>;

export const soundbiteSchema = z.object({
  id: z.string().min(1).max(100),
  startTime: seconds,
  duration: z.number().int().positive().max(300, 'Soundbite duration cannot exceed 5 minutes'),
  title: z.string().trim().max(254).optional(),
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

export const personSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().trim().min(1, 'Name is required').max(254),
  role: z.string().trim().min(1, 'Role is required').max(100),
  group: z.string().trim().max(100).optional(),
  img: optionalUrl,
  href: optionalUrl,
});
export type Person = z.infer<typeof personSchema>;

export const TRANSCRIPT_TYPES = ['text/vtt', 'text/srt', 'application/json', 'text/plain'] as const;
export const transcriptSchema = z.object({
  id: z.string().min(1).max(100),
  url: z.url('Please enter a valid URL'),
  type: z.enum(TRANSCRIPT_TYPES),
  /** ISO 639-1, optionally with a region (en, en-US). */
  language: z
    .string()
    .trim()
    .regex(
      /^[a-zA-Z]{2}(-[a-zA-Z0-9]{2,8})?$/,
      'Invalid language code (use ISO 639-1, e.g., "en", "es", "fr")',
    )
    .default('en'),
  rel: z.enum(['captions', 'transcript', 'subtitles']).default('captions'),
});
export type Transcript = z.infer<typeof transcriptSchema>;

export const valueRecipientSchema = z.object({
  name: z.string().trim().min(1, 'Recipient name is required').max(254),
  type: z.enum(['node', 'keysend']),
  address: z.string().trim().min(1, 'Lightning address is required').max(400),
  split: z.number().nonnegative('Split must be positive').max(100),
  customKey: z.string().trim().max(200).optional(),
  customValue: z.string().trim().max(400).optional(),
  fee: z.boolean().optional(),
});
export const valueBlockSchema = z.object({
  type: z.enum(['lightning', 'webmonetization']),
  method: z.enum(['keysend', 'amp', 'lnurl']),
  /** In bitcoin; default 0.00000005 (5 sats). */
  suggested: z.number().nonnegative().default(0.00000005),
  recipients: z.array(valueRecipientSchema).max(50),
});
export type ValueBlock = z.infer<typeof valueBlockSchema>;

export const fundingLinkSchema = z.object({
  url: z.url('Please enter a valid URL'),
  title: z.string().trim().min(1).max(128),
  message: z.string().trim().max(500).optional(),
});
export type FundingLink = z.infer<typeof fundingLinkSchema>;

export const locationSchema = z.object({
  name: z.string().trim().min(1, 'Location name is required').max(128),
  /** 'lat,lon'. */
  geo: z.string().trim().max(100).optional(),
  osm: z.string().trim().max(100).optional(),
});
export type Location = z.infer<typeof locationSchema>;

export const licenseSchema = z.object({
  identifier: z.string().trim().min(1).max(128),
  url: optionalUrl,
});
export type License = z.infer<typeof licenseSchema>;

export const alternateEnclosureSchema = z.object({
  type: z.string().trim().min(1).max(100),
  length: z.number().int().nonnegative().optional(),
  bitrate: z.number().nonnegative().optional(),
  height: z.number().int().nonnegative().optional(),
  lang: z.string().trim().max(20).optional(),
  title: z.string().trim().max(32).optional(),
  rel: z.string().trim().max(32).optional(),
  sources: z.array(z.url('Please enter a valid URL')).min(1).max(10),
});
export type AlternateEnclosure = z.infer<typeof alternateEnclosureSchema>;
