import { z } from 'zod';
import { mediaIdSchema } from '../media/media.js';
import { CHAPTERS_MAX, chapterMessages } from './chapters.js';
import { episodeMessages } from './episode-messages.js';
import { normalizeTags } from './podcast.js';
import {
  alternateEnclosureSchema,
  chapterSchema,
  fundingLinkSchema,
  licenseSchema,
  locationSchema,
  personSchema,
  soundbiteSchema,
  transcriptSchema,
  valueBlockSchema,
} from './podcasting20.js';
import { SOUNDBITES_MAX, soundbiteMessages } from './soundbites.js';

export const episodeStatusSchema = z.enum(['draft', 'scheduled', 'published']);
export type EpisodeStatus = z.infer<typeof episodeStatusSchema>;
export const episodeTypeSchema = z.enum(['full', 'trailer', 'bonus']);
export type EpisodeType = z.infer<typeof episodeTypeSchema>;

export const EPISODE_TITLE_MAX = 255;
/** The edit form's tighter limit (spec 2 §5). */
export const EPISODE_EDIT_TITLE_MAX = 200;
export const EPISODE_DESCRIPTION_MAX = 4000;
export const EPISODE_TAGS_MAX = 10;
export const COPY_TITLE_SUFFIX = ' (Copy)';

export { episodeMessages };

/** The schedule form's default: the next day at 09:00 in the creator's timezone (spec 2 §4, §9). */
export const DEFAULT_SCHEDULE_HOUR = 9;
/** How long 'Copied!' stays after a link or embed code is copied. */
export const COPIED_CONFIRMATION_MS = 2000;
/** The suggested frame of the embeddable player (spec 2 §9, spec 3 §2.8). */
export const EMBED_PLAYER_HEIGHT_PX = 130;

const tagsSchema = z
  .array(z.string().trim().max(50, 'Tags must be 50 characters or less'))
  .transform(normalizeTags);
const titleSchema = z
  .string()
  .trim()
  .min(1, episodeMessages.titleRequired)
  .max(EPISODE_TITLE_MAX - 1, episodeMessages.titleTooLong);
const descriptionSchema = z
  .string()
  .trim()
  .max(EPISODE_DESCRIPTION_MAX - 1, episodeMessages.descriptionTooLong);
const positiveNumber = z.number().int().positive();

/** The fields a creator edits, as create and update take them (update: each optional). */
const episodeFieldShape = {
  title: titleSchema,
  description: descriptionSchema,
  /** The episode's audio or video, uploaded through the media service; null removes it. */
  mediaId: mediaIdSchema.nullable(),
  /** Episode artwork (an image file); null falls back to the podcast's. */
  artworkMediaId: mediaIdSchema.nullable(),
  tags: tagsSchema,
  enableRss: z.boolean(),
  enableVideo: z.boolean(),
  episodeType: episodeTypeSchema,
  explicit: z.boolean(),
  seasonNumber: positiveNumber.nullable(),
  episodeNumber: positiveNumber.nullable(),
  /** podcast:block / itunes:block for this episode. */
  podcastBlock: z.boolean(),
  transcripts: z.array(transcriptSchema).max(20),
  chapters: z.array(chapterSchema).max(CHAPTERS_MAX, chapterMessages.tooMany),
  soundbites: z.array(soundbiteSchema).max(SOUNDBITES_MAX, soundbiteMessages.tooMany),
  persons: z.array(personSchema).max(50),
  value: valueBlockSchema.nullable(),
  location: locationSchema.nullable(),
  funding: z.array(fundingLinkSchema).max(20),
  license: licenseSchema.nullable(),
  alternateEnclosures: z.array(alternateEnclosureSchema).max(20),
};

/** Status rules of spec 2 §4–§5 on a status with its media and date; `now` is when the change is made. */
export function episodeStatusProblem(
  status: EpisodeStatus,
  hasMedia: boolean,
  scheduledReleaseDate: string | Date | null | undefined,
  now: Date = new Date(),
): { field: 'mediaId' | 'scheduledReleaseDate'; message: string } | null {
  if (status === 'published' && !hasMedia) {
    return { field: 'mediaId', message: episodeMessages.mediaRequiredToPublish };
  }
  if (status === 'scheduled') {
    if (!scheduledReleaseDate)
      return { field: 'scheduledReleaseDate', message: episodeMessages.publishDateRequired };
    if (new Date(scheduledReleaseDate).getTime() <= now.getTime()) {
      return { field: 'scheduledReleaseDate', message: episodeMessages.scheduledInPast };
    }
  }
  return null;
}

const statusFields = {
  status: episodeStatusSchema,
  /** When a scheduled episode publishes itself; required with status scheduled and in the future. */
  scheduledReleaseDate: z.iso.datetime({ offset: true }).nullable(),
};

/** What the upload screen and `POST /api/podcasts/{id}/episodes` send. Status defaults to draft. */
export const createEpisodeInputSchema = z
  .object({
    title: titleSchema,
    description: descriptionSchema.default(''),
    mediaId: episodeFieldShape.mediaId.optional(),
    artworkMediaId: episodeFieldShape.artworkMediaId.optional(),
    tags: tagsSchema.default([]),
    enableRss: z.boolean().default(true),
    enableVideo: z.boolean().default(false),
    episodeType: episodeTypeSchema.default('full'),
    explicit: z.boolean().default(false),
    seasonNumber: positiveNumber.nullable().optional(),
    episodeNumber: positiveNumber.nullable().optional(),
    podcastBlock: z.boolean().default(false),
    transcripts: episodeFieldShape.transcripts.default([]),
    chapters: episodeFieldShape.chapters.default([]),
    soundbites: episodeFieldShape.soundbites.default([]),
    persons: episodeFieldShape.persons.default([]),
    value: episodeFieldShape.value.default(null),
    location: episodeFieldShape.location.default(null),
    funding: episodeFieldShape.funding.default([]),
    license: episodeFieldShape.license.default(null),
    alternateEnclosures: episodeFieldShape.alternateEnclosures.default([]),
    status: episodeStatusSchema.default('draft'),
    scheduledReleaseDate: statusFields.scheduledReleaseDate.optional(),
  })
  .superRefine((input, ctx) => {
    const problem = episodeStatusProblem(input.status, Boolean(input.mediaId), input.scheduledReleaseDate);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type CreateEpisodeInput = z.input<typeof createEpisodeInputSchema>;
export type ParsedCreateEpisodeInput = z.output<typeof createEpisodeInputSchema>;

/**
 * What the editor saves (`PATCH /api/episodes/{id}`): any of the fields, with the `revision` the editor loaded. A
 * save against an older revision is refused with EPISODE_EDIT_CONFLICT, so the later save never silently undoes
 * the earlier one. The status rules are checked against the episode as it will be after the change.
 */
export const updateEpisodeInputSchema = z
  .object({ ...episodeFieldShape, ...statusFields })
  .partial()
  .extend({ revision: z.number().int().nonnegative() });
export type UpdateEpisodeInput = z.input<typeof updateEpisodeInputSchema>;
export type ParsedUpdateEpisodeInput = z.output<typeof updateEpisodeInputSchema>;

/** `POST /api/episodes/{id}/schedule`: a date and time in the future. */
export const scheduleEpisodeInputSchema = z.object({
  scheduledReleaseDate: z.iso
    .datetime({ offset: true, error: episodeMessages.publishDateRequired })
    .refine((date) => new Date(date).getTime() > Date.now(), episodeMessages.scheduledInPast),
});
export type ScheduleEpisodeInput = z.input<typeof scheduleEpisodeInputSchema>;

/**
 * The media an episode serves, as the catalog keeps it and tells other services: copied from the media service when
 * attached, with its storage key (never a URL, which would go stale).
 */
export const storedEpisodeMediaSchema = z.object({
  mediaId: z.uuid(),
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  durationSeconds: z.number().int().nonnegative(),
  storageKey: z.string(),
});
export type StoredEpisodeMedia = z.infer<typeof storedEpisodeMediaSchema>;

/** The media of an episode as it is read: with its URL, made from the key. */
export const episodeMediaSchema = storedEpisodeMediaSchema.extend({ url: z.string() });
export type EpisodeMedia = z.infer<typeof episodeMediaSchema>;

/** Video when the media's type says so. */
export function isVideoMedia(media: Pick<StoredEpisodeMedia, 'mimeType'> | null | undefined): boolean {
  return media?.mimeType.startsWith('video/') ?? false;
}

export const episodeSchema = z.object({
  id: z.uuid(),
  podcastId: z.uuid(),
  ownerId: z.string(),
  title: z.string(),
  description: z.string(),
  status: episodeStatusSchema,
  episodeType: episodeTypeSchema,
  explicit: z.boolean(),
  seasonNumber: z.number().int().nullable(),
  episodeNumber: z.number().int().nullable(),
  /** The item guid podcast apps key on: fixed at creation. */
  guid: z.string(),
  media: episodeMediaSchema.nullable(),
  /** Rounded seconds of the media (0 without). */
  durationSeconds: z.number().int().nonnegative(),
  artworkMediaId: z.uuid().nullable(),
  /** The episode's own artwork, or null (the podcast's is used). */
  artworkUrl: z.string().nullable(),
  tags: z.array(z.string()),
  enableRss: z.boolean(),
  enableVideo: z.boolean(),
  podcastBlock: z.boolean(),
  transcripts: z.array(transcriptSchema),
  chapters: z.array(chapterSchema),
  soundbites: z.array(soundbiteSchema),
  persons: z.array(personSchema),
  value: valueBlockSchema.nullable(),
  location: locationSchema.nullable(),
  funding: z.array(fundingLinkSchema),
  license: licenseSchema.nullable(),
  alternateEnclosures: z.array(alternateEnclosureSchema),
  plays: z.number().int().nonnegative(),
  publishDate: z.iso.datetime().nullable(),
  scheduledReleaseDate: z.iso.datetime().nullable(),
  /** Goes up by one with every save; an update names the revision it was made from. */
  revision: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Episode = z.infer<typeof episodeSchema>;

/** The title of a duplicate: '(Copy)' appended, cut so it stays within the title limit. */
export function duplicateTitle(title: string): string {
  return `${title.slice(0, EPISODE_TITLE_MAX - 1 - COPY_TITLE_SUFFIX.length)}${COPY_TITLE_SUFFIX}`;
}

/** Who saved a version once their account is deleted: the save stays in the episode's history, their id does not. */
export const ERASED_USER_ID = 'erased-user';

/**
 * One saved state of an episode (spec 2 §3 "Episode version"): made by every save, numbered from 1. Restoring a
 * version copies these fields back into the episode, which is itself a new version.
 */
export const episodeVersionSchema = z.object({
  id: z.uuid(),
  episodeId: z.uuid(),
  versionNumber: z.number().int().positive(),
  /** Who saved it; ERASED_USER_ID once that person's account was deleted. */
  userId: z.string(),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  episodeType: episodeTypeSchema,
  seasonNumber: z.number().int().nullable(),
  episodeNumber: z.number().int().nullable(),
  explicit: z.boolean(),
  media: episodeMediaSchema.nullable(),
  artworkMediaId: z.uuid().nullable(),
  artworkUrl: z.string().nullable(),
  transcripts: z.array(transcriptSchema),
  enableRss: z.boolean(),
  status: episodeStatusSchema,
  publishDate: z.iso.datetime().nullable(),
  scheduledReleaseDate: z.iso.datetime().nullable(),
  guid: z.string(),
  createdAt: z.iso.datetime(),
});
export type EpisodeVersion = z.infer<typeof episodeVersionSchema>;

/** `POST /api/episodes/{id}/versions/{versionId}/restore` names the revision the editor shows, like a save. */
export const restoreVersionInputSchema = z.object({ revision: z.number().int().nonnegative() });
export type RestoreVersionInput = z.input<typeof restoreVersionInputSchema>;
