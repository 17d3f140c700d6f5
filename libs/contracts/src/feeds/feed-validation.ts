import { z } from 'zod';
import {
  FEED_SIZE_ERROR_BYTES,
  FEED_SIZE_WARNING_BYTES,
  FULL_FEED_WARNING_ITEMS,
  type FeedVariant,
} from './feed-variants.js';

// The feed generator's own validation report (spec 2 §5 "Feed generator validation"): what the feeds service knows
// right after writing a variant, checked without fetching it. The spec does not give the deductions; these are
// Castbase's, and the same as the feed tester's (spec 2 §5 "Feed test scoring"): 20 points per error, 10 per
// warning, never below 0. Valid means no errors.

export const FEED_VALIDATION_ERROR_POINTS = 20;
export const FEED_VALIDATION_WARNING_POINTS = 10;

const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${(bytes / MB).toFixed(2)} MB`;

export const feedValidationMessages = {
  titleMissing: 'Missing channel title',
  descriptionMissing: 'Missing channel description',
  linkMissing: 'Missing channel link',
  noItems: 'No episodes found',
  categoryMissing: 'Missing iTunes category',
  authorMissing: 'Missing iTunes author',
  explicitMissing: 'Missing iTunes explicit rating',
  imageMissing: 'Missing iTunes image',
  enclosuresMissing: (items: number) =>
    items === 1 ? '1 episode has no enclosure' : `${items} episodes have no enclosure`,
  sizeError: (bytes: number) =>
    `Feed is ${megabytes(bytes)}, above the ${FEED_SIZE_ERROR_BYTES / MB} MB limit: podcast apps may refuse it`,
  sizeWarning: (bytes: number) =>
    `Feed is ${megabytes(bytes)}, above ${FEED_SIZE_WARNING_BYTES / MB} MB: some podcast apps read large feeds slowly`,
  fullFeedSizeError: (bytes: number) =>
    `Full feed is ${megabytes(bytes)}, above the ${FEED_SIZE_ERROR_BYTES / MB} MB limit: podcast apps may refuse it`,
  fullFeedSizeWarning: (bytes: number) =>
    `Full feed is ${megabytes(bytes)}, above ${FEED_SIZE_WARNING_BYTES / MB} MB: some podcast apps read large feeds slowly`,
  fullFeedLarge: (items: number) =>
    `Full feed contains ${items} episodes. Podcast apps should use the main feed and its archive pages.`,
} as const;

export const feedValidationCodeSchema = z.enum([
  'TITLE_MISSING',
  'DESCRIPTION_MISSING',
  'LINK_MISSING',
  'NO_ITEMS',
  'CATEGORY_MISSING',
  'AUTHOR_MISSING',
  'EXPLICIT_MISSING',
  'IMAGE_MISSING',
  'ENCLOSURES_MISSING',
  'SIZE_ERROR',
  'SIZE_WARNING',
  'FULL_FEED_SIZE_ERROR',
  'FULL_FEED_SIZE_WARNING',
  'FULL_FEED_LARGE',
]);
export type FeedValidationCode = z.infer<typeof feedValidationCodeSchema>;

export const feedValidationIssueSchema = z.object({ code: feedValidationCodeSchema, message: z.string() });
export type FeedValidationIssue = z.infer<typeof feedValidationIssueSchema>;

/**
 * What a variant was written from and what came out. The channel fields are the podcast's own values (a creator who
 * left the description or author empty is told so, even though the generator then repeats the podcast's name there),
 * except `link`, the channel link written (the website, else the podcast's page).
 */
export interface GeneratedFeedFacts {
  variant: FeedVariant;
  channel: {
    title: string;
    description: string;
    link: string;
    author: string;
    category: string;
    /** null when no rating was chosen. */
    explicit: boolean | null;
    imageUrl: string | null;
  };
  itemCount: number;
  itemsWithoutEnclosure: number;
  /** The document's size in bytes (uncompressed). */
  byteSize: number;
}

export const feedValidationReportSchema = z.object({
  valid: z.boolean(),
  /** 100 minus 20 per error and 10 per warning, at least 0. */
  score: z.number().int().min(0).max(100),
  errors: z.array(feedValidationIssueSchema),
  warnings: z.array(feedValidationIssueSchema),
});
export type FeedValidationReport = z.infer<typeof feedValidationReportSchema>;

const blank = (value: string | null | undefined) => !value || value.trim() === '';

/** Checks one generated variant. Pure: the feeds service stores the report, and the RSS widget can run it too. */
export function validateGeneratedFeed(facts: GeneratedFeedFacts): FeedValidationReport {
  const errors: FeedValidationIssue[] = [];
  const warnings: FeedValidationIssue[] = [];
  const error = (code: FeedValidationCode, message: string) => errors.push({ code, message });
  const warning = (code: FeedValidationCode, message: string) => warnings.push({ code, message });
  const { channel } = facts;
  const m = feedValidationMessages;

  if (blank(channel.title)) error('TITLE_MISSING', m.titleMissing);
  if (blank(channel.description)) error('DESCRIPTION_MISSING', m.descriptionMissing);
  if (blank(channel.link)) error('LINK_MISSING', m.linkMissing);
  if (facts.itemCount === 0) error('NO_ITEMS', m.noItems);
  if (blank(channel.category)) error('CATEGORY_MISSING', m.categoryMissing);
  if (blank(channel.author)) error('AUTHOR_MISSING', m.authorMissing);
  if (channel.explicit === null) error('EXPLICIT_MISSING', m.explicitMissing);
  if (blank(channel.imageUrl)) error('IMAGE_MISSING', m.imageMissing);
  if (facts.itemsWithoutEnclosure > 0) {
    error('ENCLOSURES_MISSING', m.enclosuresMissing(facts.itemsWithoutEnclosure));
  }
  const full = facts.variant.kind === 'full';
  if (facts.byteSize > FEED_SIZE_ERROR_BYTES) {
    if (full) error('FULL_FEED_SIZE_ERROR', m.fullFeedSizeError(facts.byteSize));
    else error('SIZE_ERROR', m.sizeError(facts.byteSize));
  } else if (facts.byteSize > FEED_SIZE_WARNING_BYTES) {
    if (full) warning('FULL_FEED_SIZE_WARNING', m.fullFeedSizeWarning(facts.byteSize));
    else warning('SIZE_WARNING', m.sizeWarning(facts.byteSize));
  }
  if (full && facts.itemCount > FULL_FEED_WARNING_ITEMS) {
    warning('FULL_FEED_LARGE', m.fullFeedLarge(facts.itemCount));
  }
  return report(errors, warnings);
}

/** The checks only the full feed has: its own size and its item count. Its channel is the main feed's. */
const FULL_FEED_CODES: ReadonlySet<FeedValidationCode> = new Set([
  'FULL_FEED_SIZE_ERROR',
  'FULL_FEED_SIZE_WARNING',
  'FULL_FEED_LARGE',
]);

/**
 * The report stored with a podcast's RSS status: the main feed's checks, plus the full feed's size and item count when
 * the podcast has one (above 300 feed episodes). The full feed's channel checks would repeat the main feed's.
 */
export function validateGeneratedFeeds(
  main: GeneratedFeedFacts,
  full: GeneratedFeedFacts | null,
): FeedValidationReport {
  const mainReport = validateGeneratedFeed(main);
  if (!full) return mainReport;
  const fullReport = validateGeneratedFeed(full);
  const fullOnly = (issue: FeedValidationIssue) => FULL_FEED_CODES.has(issue.code);
  return report(
    [...mainReport.errors, ...fullReport.errors.filter(fullOnly)],
    [...mainReport.warnings, ...fullReport.warnings.filter(fullOnly)],
  );
}

function report(errors: FeedValidationIssue[], warnings: FeedValidationIssue[]): FeedValidationReport {
  const score = Math.max(
    0,
    100 - FEED_VALIDATION_ERROR_POINTS * errors.length - FEED_VALIDATION_WARNING_POINTS * warnings.length,
  );
  return { valid: errors.length === 0, score, errors, warnings };
}
