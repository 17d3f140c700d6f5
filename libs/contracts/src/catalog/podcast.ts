import { z } from 'zod';
import { podcastChannelFieldsSchema, podcastChannelFieldsShape } from './podcast-channel.js';
import { podcastTypeSchema, podcastVisibilitySchema } from './podcast-summary.js';
import { mediaIdSchema } from '../media/media-id.js';
import { PRODUCT_NAME } from '../shared/product.js';
import { optionalEmailSchema, optionalUrlSchema } from '../shared/validation.js';
import { isCategoryValue } from './categories.js';
import { isLanguageCode } from './languages.js';
import { podcastRoleSchema } from './roles.js';

export const PODCAST_NAME_MAX = 255;

/** What a person sees when a podcast's fields break a rule (onboarding reuses the ones it shares). */
export const podcastMessages = {
  nameRequired: 'Podcast name is required',
  nameTooLong: 'Podcast name must be 255 characters or less',
  descriptionTooLong: 'Description must be less than 4000 characters',
  languageInvalid: 'Please choose a language from the list',
  categoryInvalid: 'Please choose a category from the list',
  hostTooLong: 'Host name must be less than 100 characters',
  contentRatingRequired: 'Please select a content rating',
  tagTooLong: 'Tags must be 50 characters or less',
  slugRequired: 'Slug is required',
  slugTooLong: 'Slug must be 100 characters or less',
  slugInvalid: 'Slug can only contain letters, numbers and hyphens',
  audioBitrateInvalid: 'Choose an MP3 bitrate of 64, 96, 128, 160, 192, 256 or 320 kbps',
  descriptionTooShort: 'Description must be at least 10 characters',
  appleRequired: 'Please complete all required fields for Apple Podcasts',
  emailsInvalid: 'Please fix email validation errors before saving',
  noPodcastSelected: 'No podcast selected. Please navigate to a valid podcast first.',
  metadataNotFound: 'Podcast metadata not found. Please refresh the page and try again.',
  rssOutOfSync: 'RSS out of sync',
  lightningAddressInvalid: 'Lightning address must contain @ or start with lnurl',
  rssOutOfSyncHint: 'Save to update the feed with your changes.',
  saved: 'Podcast settings saved',
  deleted: 'Podcast deleted',
  fieldsInvalid: 'Please fix the highlighted fields before saving',
  saveFailed: 'Failed to save settings',
  loadFailed: 'Failed to fetch metadata',
  listFailed: 'Failed to load podcasts',
  tokenRotated: 'Private feed token rotated. The old feed address no longer works.',
  rotateFailed: 'Failed to rotate the private feed token',
  tokenAfterSave: 'Save to create the private feed token.',
  deleteFailed: 'Failed to delete podcast',
  /** The podcast's name typed to confirm deleting it. */
  deleteConfirmHint: (name: string) => `Type ${name} to confirm`,
  whatIsDeleted: ['Every episode and its versions', 'Its uploaded audio, video and artwork', 'Its RSS feeds'],
  artHint: 'Square, 1400x1400 to 3000x3000 pixels, JPG or PNG (Apple Podcasts)',
  noArt: 'No album art yet',
  privateFeedHint: 'Only people with the private address (it carries a token) can read the feed.',
  /** Owner name and owner e-mail: Apple no longer reads them. */
  deprecatedForApple: 'Deprecated for Apple Podcasts',
  /** Shown to editors and viewers, who see the tab read-only. */
  readOnly: (role: string) => `Only the podcast's owner can change these settings. Your role: ${role}.`,
} as const;

/**
 * The constant bitrates a podcast's episodes may be published at, in kbps. A podcast without one gets the
 * service's `TRANSCODE_BITRATE_KBPS` (128 by default): the MP3 of an upload above it, or of a WAV, FLAC, OGG or
 * AAC, is made at that bitrate.
 */
export const AUDIO_BITRATES_KBPS = [64, 96, 128, 160, 192, 256, 320] as const;
export const audioBitrateSchema = z
  .number()
  .int(podcastMessages.audioBitrateInvalid)
  .refine(
    (kbps) => (AUDIO_BITRATES_KBPS as readonly number[]).includes(kbps),
    podcastMessages.audioBitrateInvalid,
  );

/** podcast:medium of the Podcasting 2.0 namespace. */
export const podcastMediumSchema = z.enum([
  'podcast',
  'music',
  'video',
  'film',
  'audiobook',
  'newsletter',
  'blog',
]);
export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, podcastMessages.slugRequired)
  .max(100, podcastMessages.slugTooLong)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, podcastMessages.slugInvalid);

export const PODCAST_DESCRIPTION_MAX = 4000;
/** The shared podcast rule set's minimum (the onboarding form asks for 50). */
export const PODCAST_DESCRIPTION_MIN = 10;
export const HOST_NAME_MAX = 100;
export const TAGS_MAX = 10;
export const PRIVATE_TOKEN_LENGTH = 16;
export const ARTWORK_MIN_PX = 1400;
export const ARTWORK_MAX_PX = 3000;

/** Tags: trimmed, blanks dropped, de-duplicated (case-insensitively), at most 10 (spec 1 §5). */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags.flatMap((tag) => tag.split(','))) {
    const tag = raw.trim();
    if (tag === '' || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    result.push(tag);
  }
  return result.slice(0, TAGS_MAX);
}

/** Co-hosts: trimmed, blanks and repeats dropped. */
export function normalizeNames(names: readonly string[]): string[] {
  return [...new Set(names.map((name) => name.trim()).filter((name) => name !== ''))];
}

const tagListSchema = z.array(z.string().max(50, podcastMessages.tagTooLong)).transform(normalizeTags);
const linkListSchema = z.array(z.object({ label: z.string().trim().max(100), url: z.url() })).max(20);

/** A funding or social link as a podcast holds it. */
export const podcastLinkSchema = z.object({ label: z.string(), url: z.string() });

/** What a creator sends to create a podcast: the onboarding wizard's fields and the defaults written with them. */
export const createPodcastInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, podcastMessages.nameRequired)
    .max(PODCAST_NAME_MAX, podcastMessages.nameTooLong),
  slug: slugSchema.optional(),
  description: z.string().trim().max(PODCAST_DESCRIPTION_MAX, podcastMessages.descriptionTooLong).default(''),
  language: z.string().trim().refine(isLanguageCode, podcastMessages.languageInvalid).default('en'),
  /** 'Parent' or 'Parent:Sub' from the Apple list. */
  category: z.string().trim().refine(isCategoryValue, podcastMessages.categoryInvalid).default('Technology'),
  /** The host name. */
  author: z.string().trim().max(HOST_NAME_MAX, podcastMessages.hostTooLong).default(''),
  coHosts: z.array(z.string().max(HOST_NAME_MAX)).transform(normalizeNames).default([]),
  explicit: z.boolean({ error: podcastMessages.contentRatingRequired }).default(false),
  type: podcastTypeSchema.default('episodic'),
  visibility: podcastVisibilitySchema.default('public'),
  tags: tagListSchema.default([]),
  /** An image uploaded through the media service, used as the album art. */
  artworkMediaId: mediaIdSchema.nullable().default(null),
  /** The published MP3's bitrate; null: the service's default. */
  audioBitrateKbps: audioBitrateSchema.nullable().default(null),
  websiteUrl: optionalUrlSchema.default(''),
  email: optionalEmailSchema.optional(),
  ownerName: z.string().trim().max(HOST_NAME_MAX).optional(),
  ownerEmail: optionalEmailSchema.optional(),
  copyright: z.string().trim().max(500).optional(),
  fundingLinks: linkListSchema.default([]),
  socialLinks: linkListSchema.default([]),
});
export type CreatePodcastInput = z.input<typeof createPodcastInputSchema>;
export type ParsedCreatePodcastInput = z.output<typeof createPodcastInputSchema>;

/** Spec 1 §3's placeholder description, when a podcast is created without one. */
export const DEFAULT_PODCAST_DESCRIPTION = `A new podcast created with ${PRODUCT_NAME}.`;

/** '© 2026 My Show, Jane Doe. All rights reserved.' (spec 1 §3: the year, the name and the host). */
export function defaultCopyright(name: string, host: string, now: Date = new Date()): string {
  const who = host.trim() ? `${name}, ${host.trim()}` : name;
  return `© ${now.getUTCFullYear()} ${who}. All rights reserved.`;
}

export type PodcastCreationValues = ParsedCreatePodcastInput & {
  email: string;
  ownerEmail: string;
  ownerName: string;
  copyright: string;
};

/**
 * The values written when a podcast is created (spec 1 §3): the placeholder description, the owner's e-mail as
 * contact and owner e-mail, author and owner name from the host, the copyright line and tags ['podcast'].
 */
export function applyPodcastCreationDefaults(
  input: ParsedCreatePodcastInput,
  owner: { email: string | null },
  now: Date = new Date(),
): PodcastCreationValues {
  return {
    ...input,
    description: input.description || DEFAULT_PODCAST_DESCRIPTION,
    email: input.email || owner.email || '',
    ownerEmail: input.ownerEmail || owner.email || '',
    ownerName: input.ownerName || input.author,
    copyright: input.copyright || defaultCopyright(input.name, input.author, now),
    tags: input.tags.length > 0 ? input.tags : ['podcast'],
  };
}

/**
 * The Podcast tab of settings saves every field at once (spec 1 §5 "Podcast settings save"): the shared podcast
 * rules, the slug, and the artwork (an image uploaded through the media service; null keeps none). Whether the
 * fields Apple requires are all there is `missingApplePodcastsFields`, checked by the form and the service alike.
 */
export const podcastSettingsInputSchema = createPodcastInputSchema
  .omit({ slug: true, email: true, ownerName: true, ownerEmail: true, copyright: true })
  .extend({
    slug: slugSchema,
    description: z
      .string()
      .trim()
      .max(PODCAST_DESCRIPTION_MAX, podcastMessages.descriptionTooLong)
      .refine(
        (text) => text === '' || text.length >= PODCAST_DESCRIPTION_MIN,
        podcastMessages.descriptionTooShort,
      ),
    email: optionalEmailSchema.default(''),
    ownerName: z.string().trim().max(HOST_NAME_MAX, podcastMessages.hostTooLong).default(''),
    ownerEmail: optionalEmailSchema.default(''),
    copyright: z.string().trim().max(500).default(''),
    podcastLocked: z.boolean().default(false),
    podcastMedium: podcastMediumSchema.default('podcast'),
    lightningAddress: z
      .string()
      .trim()
      .max(320)
      .refine((value) => value === '' || isLightningAddress(value), podcastMessages.lightningAddressInvalid)
      .default(''),
    valueEnabled: z.boolean().default(false),
    ...podcastChannelFieldsShape,
  });
export type PodcastSettingsInput = z.input<typeof podcastSettingsInputSchema>;
export type ParsedPodcastSettingsInput = z.output<typeof podcastSettingsInputSchema>;

/** Spec 1 §5: a lightning address is 'name@host' or an LNURL. */
export function isLightningAddress(value: string): boolean {
  return value.includes('@') || value.trim().toLowerCase().startsWith('lnurl');
}

/** The labels of the Apple-required fields a podcast's settings lack (empty when it may be saved). */
export function missingApplePodcastsFields(values: {
  name: string;
  description: string;
  category: string;
  language: string;
  author: string;
  explicit: unknown;
  hasArtwork: boolean;
}): string[] {
  const missing: string[] = [];
  if (!values.name.trim()) missing.push('Podcast name');
  if (!values.description.trim()) missing.push('Description');
  if (!values.category.trim()) missing.push('Category');
  if (!values.language.trim()) missing.push('Language');
  if (!values.author.trim()) missing.push('Host name');
  if (typeof values.explicit !== 'boolean') missing.push('Content rating');
  if (!values.hasArtwork) missing.push('Album art');
  return missing;
}

export const podcastSchema = z.object({
  id: z.uuid(),
  ownerId: z.string(),
  ownerUsername: z.string().nullable(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  language: z.string(),
  category: z.string(),
  author: z.string(),
  coHosts: z.array(z.string()),
  explicit: z.boolean(),
  type: podcastTypeSchema,
  visibility: podcastVisibilitySchema,
  artworkUrl: z.string().nullable(),
  artworkMediaId: z.uuid().nullable(),
  audioBitrateKbps: z.number().int().nullable(),
  tags: z.array(z.string()),
  websiteUrl: z.string(),
  email: z.string(),
  ownerName: z.string(),
  ownerEmail: z.string(),
  copyright: z.string(),
  fundingLinks: z.array(podcastLinkSchema),
  socialLinks: z.array(podcastLinkSchema),
  podcastGuid: z.uuid(),
  podcastLocked: z.boolean(),
  podcastMedium: podcastMediumSchema,
  podcastPersons: z.array(
    z.object({ name: z.string(), role: z.string(), img: z.string().optional(), href: z.string().optional() }),
  ),
  lightningAddress: z.string(),
  valueEnabled: z.boolean(),
  /** The channel's own feed tags (podcast-channel.ts). */
  ...podcastChannelFieldsSchema.shape,
  /** The private feed's token (16 random characters) while visibility is private; only the owner sees it. */
  privateAccessToken: z.string().nullable(),
  /** The caller's role on this podcast. */
  role: podcastRoleSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Podcast = z.infer<typeof podcastSchema>;
