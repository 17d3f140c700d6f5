// Directory readiness (spec 2 §2 "Directory cards and requirement checker", §3, §4 "Directory status", §5
// "Directory requirement evaluation"): the five directories a podcast is submitted to, what each needs, and the
// status the owner records for each. Pure: the RSS widget and the feeds service evaluate with the same functions.
import { z } from 'zod';
import { defineRequest } from '../messaging/definitions.js';
import {
  directoryIdSchema,
  type DirectoryId,
  directoryStatusSchema,
  type DirectoryStatus,
  directoryAnswerSchema,
  directoryRequirementSchema,
  type DirectoryRequirement,
  isWarningOnly,
  type DirectoryCatalogueEntry,
  DIRECTORY_CATALOGUE,
} from './directory-catalogue.js';

/** The readiness checklist of spec 2 §5, verbatim. */
export const readinessChecklistWording = {
  generateFeed: 'Generate RSS feed',
  addName: 'Add podcast name',
  addDescription: 'Add podcast description',
  uploadArtwork: 'Upload podcast artwork (1400x1400 minimum)',
  selectCategory: 'Select podcast category',
  selectLanguage: 'Select podcast language',
  addAuthor: 'Add author name',
  setExplicit: 'Set explicit content rating',
  completeMetadata: 'Complete podcast metadata',
  publishEpisode: 'Publish at least one episode',
  explicitMustBeSet: 'Explicit content rating must be set (true or false)',
} as const;

/** Where a creator fixes an item: a field of the podcast's settings, the upload screen, or the RSS status tab. */
export type DirectoryFix =
  | { kind: 'settings'; field: PodcastSettingsField }
  | { kind: 'upload' }
  | { kind: 'feed' }
  /** A directory's own rules, on its site. */
  | { kind: 'directory-help'; url: string };

/** The podcast settings fields a fix link can point at (their element ids are `podcast-field-{field}`). */
export type PodcastSettingsField =
  'name' | 'description' | 'artwork' | 'category' | 'language' | 'author' | 'explicit' | 'email';

export const directoryIssueSchema = z.object({
  requirement: directoryRequirementSchema,
  message: z.string(),
  fix: z.union([
    z.object({
      kind: z.literal('settings'),
      field: z.enum([
        'name',
        'description',
        'artwork',
        'category',
        'language',
        'author',
        'explicit',
        'email',
      ]),
    }),
    z.object({ kind: z.literal('upload') }),
    z.object({ kind: z.literal('feed') }),
    z.object({ kind: z.literal('directory-help'), url: z.string() }),
  ]),
});
export type DirectoryIssue = z.infer<typeof directoryIssueSchema>;

/** What the evaluation reads from a podcast (the Podcast contract's fields). `explicit` may be unset in stored data. */
export interface DirectoryPodcastFacts {
  name: string;
  description: string;
  artworkUrl: string | null;
  category: string;
  author: string;
  language: string;
  explicit: unknown;
  email: string;
  ownerEmail: string;
}

export interface DirectoryEvaluationInput {
  podcast: DirectoryPodcastFacts;
  /** Published episodes with RSS enabled (the catalog's feedEpisodeCount). */
  publishedEpisodeCount: number;
  /** Whether the podcast has a generated feed URL. */
  hasFeedUrl: boolean;
}

const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

/** The iTunes tags of spec 2 §5 a podcast lacks, first to last, as the settings fields that fix them. */
function missingItunesTags(podcast: DirectoryPodcastFacts): PodcastSettingsField[] {
  const missing: PodcastSettingsField[] = [];
  if (!filled(podcast.category)) missing.push('category');
  if (!filled(podcast.author)) missing.push('author');
  if (!filled(podcast.language)) missing.push('language');
  if (typeof podcast.explicit !== 'boolean') missing.push('explicit');
  return missing;
}

/** Warnings the directory checks itself: they are always listed, so the creator reads them before submitting. */
export const directoryWarningWording = {
  email: 'Add a contact email: directories send ownership verification codes to it',
  contentGuidelines: (directory: string) => `Review the content guidelines of ${directory} before submitting`,
  youtubeChannel: 'A YouTube channel is needed: the feed is added to it in YouTube Studio',
} as const;

/** One requirement of one directory: null when met (or, for a warning of a directory's own, never). */
function evaluateRequirement(
  requirement: DirectoryRequirement,
  entry: DirectoryCatalogueEntry,
  input: DirectoryEvaluationInput,
): DirectoryIssue | null {
  const { podcast } = input;
  switch (requirement) {
    case 'artwork':
      return filled(podcast.artworkUrl)
        ? null
        : {
            requirement,
            message: readinessChecklistWording.uploadArtwork,
            fix: { kind: 'settings', field: 'artwork' },
          };
    case 'published-episode':
      return input.publishedEpisodeCount >= 1
        ? null
        : { requirement, message: readinessChecklistWording.publishEpisode, fix: { kind: 'upload' } };
    case 'itunes-tags': {
      const [firstMissing] = missingItunesTags(podcast);
      return firstMissing === undefined
        ? null
        : {
            requirement,
            message: readinessChecklistWording.completeMetadata,
            fix: { kind: 'settings', field: firstMissing },
          };
    }
    case 'explicit-rating':
      return typeof podcast.explicit === 'boolean'
        ? null
        : {
            requirement,
            message: readinessChecklistWording.explicitMustBeSet,
            fix: { kind: 'settings', field: 'explicit' },
          };
    case 'email':
      return filled(podcast.email) || filled(podcast.ownerEmail)
        ? null
        : { requirement, message: directoryWarningWording.email, fix: { kind: 'settings', field: 'email' } };
    case 'rss-feed':
      return input.hasFeedUrl
        ? null
        : { requirement, message: readinessChecklistWording.generateFeed, fix: { kind: 'feed' } };
    case 'content-guidelines':
      return {
        requirement,
        message: directoryWarningWording.contentGuidelines(entry.name),
        fix: { kind: 'directory-help', url: entry.helpUrl },
      };
    case 'youtube-channel':
      return {
        requirement,
        message: directoryWarningWording.youtubeChannel,
        fix: { kind: 'directory-help', url: entry.helpUrl },
      };
  }
}

export interface DirectoryEvaluation {
  ready: boolean;
  /** Unmet requirements that block a submission. */
  issues: DirectoryIssue[];
  /** Requirements that never block: email, RSS feed, content guidelines, YouTube channel. */
  warnings: DirectoryIssue[];
}

/**
 * Spec 2 §5 for one directory: ready when no blocking requirement is unmet. For Apple Podcasts, issues and warnings
 * that mention email are ignored (Apple no longer reads the feed's e-mail address).
 */
export function evaluateDirectory(
  entry: DirectoryCatalogueEntry,
  input: DirectoryEvaluationInput,
): DirectoryEvaluation {
  const issues: DirectoryIssue[] = [];
  const warnings: DirectoryIssue[] = [];
  for (const requirement of entry.requirements) {
    const found = evaluateRequirement(requirement, entry, input);
    if (!found) continue;
    if (entry.id === 'apple-podcasts' && /e-?mail/i.test(found.message)) continue;
    (isWarningOnly(requirement) ? warnings : issues).push(found);
  }
  return { ready: issues.length === 0, issues, warnings };
}

export interface ReadinessChecklistItem {
  message: string;
  done: boolean;
  fix: DirectoryFix;
}

/** The RSS widget's 'RSS Feed Not Ready' checklist (spec 2 §2 and §5), in the spec's order. */
export function readinessChecklist(
  podcast: DirectoryPodcastFacts,
  hasFeedUrl: boolean,
): ReadinessChecklistItem[] {
  const w = readinessChecklistWording;
  const setting = (field: PodcastSettingsField): DirectoryFix => ({ kind: 'settings', field });
  return [
    { message: w.generateFeed, done: hasFeedUrl, fix: { kind: 'feed' } },
    { message: w.addName, done: filled(podcast.name), fix: setting('name') },
    { message: w.addDescription, done: filled(podcast.description), fix: setting('description') },
    { message: w.uploadArtwork, done: filled(podcast.artworkUrl), fix: setting('artwork') },
    { message: w.selectCategory, done: filled(podcast.category), fix: setting('category') },
    { message: w.selectLanguage, done: filled(podcast.language), fix: setting('language') },
    { message: w.addAuthor, done: filled(podcast.author), fix: setting('author') },
    { message: w.setExplicit, done: typeof podcast.explicit === 'boolean', fix: setting('explicit') },
  ];
}

/** Spec 2 §2 notices: 'approaching limit' above 250 up to 300 published episodes, else 'planning' above 200. */
export const EPISODE_PLANNING_NOTICE_ABOVE = 200;
export const EPISODE_APPROACHING_NOTICE_ABOVE = 250;
export const MAIN_FEED_EPISODE_LIMIT = 300;

export type EpisodeCountNotice = { kind: 'planning' | 'approaching-limit'; title: string; message: string };

export function episodeCountNotice(publishedEpisodes: number): EpisodeCountNotice | null {
  if (publishedEpisodes > EPISODE_APPROACHING_NOTICE_ABOVE && publishedEpisodes <= MAIN_FEED_EPISODE_LIMIT) {
    return {
      kind: 'approaching-limit',
      title: 'Approaching the 300-episode feed limit',
      message: `${publishedEpisodes} of ${MAIN_FEED_EPISODE_LIMIT} episodes are in your main feed. Past 300, the oldest move to archive feeds, which some directories never read.`,
    };
  }
  if (publishedEpisodes > EPISODE_PLANNING_NOTICE_ABOVE) {
    return {
      kind: 'planning',
      title: 'Plan for a large catalogue',
      message: `You have ${publishedEpisodes} published episodes. Directories read the newest ${MAIN_FEED_EPISODE_LIMIT} from the main feed; older ones are in archive feeds.`,
    };
  }
  return null;
}

/** Spec 2 §3 "Directory check", with the warnings and the catalogue's links beside the issues. */
export const directoryCheckSchema = z.object({
  id: directoryIdSchema,
  name: z.string(),
  icon: z.string(),
  submitUrl: z.string(),
  helpUrl: z.string(),
  reviewTime: z.string(),
  ready: z.boolean(),
  issues: z.array(directoryIssueSchema),
  warnings: z.array(directoryIssueSchema),
  status: directoryStatusSchema,
  submittedAt: z.iso.datetime().nullable(),
  /** When the directory's status was last recorded (a submission or the directory's answer); null before. */
  lastChecked: z.iso.datetime().nullable(),
});
export type DirectoryCheck = z.infer<typeof directoryCheckSchema>;

export const directoryChecksSchema = z.object({
  podcastId: z.uuid(),
  publishedEpisodeCount: z.number().int().nonnegative(),
  items: z.array(directoryCheckSchema),
});
export type DirectoryChecks = z.infer<typeof directoryChecksSchema>;

/** A stored status, as the feeds service keeps it per podcast and directory. */
export interface StoredDirectoryStatus {
  status: DirectoryStatus;
  submittedAt: string | null;
  lastChecked: string | null;
}

/** Every directory's check, from the podcast's facts and its stored statuses (absent: not submitted). */
export function directoryChecks(
  podcastId: string,
  input: DirectoryEvaluationInput,
  stored: ReadonlyMap<DirectoryId, StoredDirectoryStatus>,
): DirectoryChecks {
  const items = DIRECTORY_CATALOGUE.filter((entry) => entry.active).map((entry): DirectoryCheck => {
    const { ready, issues, warnings } = evaluateDirectory(entry, input);
    const saved = stored.get(entry.id) ?? {
      status: 'not_submitted' as const,
      submittedAt: null,
      lastChecked: null,
    };
    return {
      id: entry.id,
      name: entry.name,
      icon: entry.icon,
      submitUrl: entry.submitUrl,
      helpUrl: entry.helpUrl,
      reviewTime: entry.reviewTime,
      ready,
      issues,
      warnings,
      ...saved,
    };
  });
  return { podcastId, publishedEpisodeCount: input.publishedEpisodeCount, items };
}

/** Spec 2 §2 summary counters: Approved, Under Review (submitted plus under_review), Ready to Submit. */
export function directorySummary(checks: readonly Pick<DirectoryCheck, 'status' | 'ready'>[]) {
  return {
    approved: checks.filter((check) => check.status === 'approved').length,
    underReview: checks.filter((check) => check.status === 'submitted' || check.status === 'under_review')
      .length,
    readyToSubmit: checks.filter((check) => check.ready && awaitsSubmission(check.status)).length,
  };
}

/** Ready to Submit counts a ready directory that has not the podcast in hand (never submitted, or turned it away). */
export function awaitsSubmission(status: DirectoryStatus): boolean {
  return (
    status === 'not_submitted' ||
    status === 'pending_submission' ||
    status === 'rejected' ||
    status === 'delisted'
  );
}

/** The card's main button (spec 2 §2): approved shows '✓ Approved' (disabled), else Submit when ready. */
export function directoryAction(
  check: Pick<DirectoryCheck, 'status' | 'ready'>,
): 'approved' | 'submit' | 'not-ready' {
  if (check.status === 'approved') return 'approved';
  return check.ready ? 'submit' : 'not-ready';
}

/** 'Upload Episode' shows on a card when the only issue is having no published episode (spec 2 §2). */
export function onlyMissingEpisode(check: Pick<DirectoryCheck, 'issues'>): boolean {
  return check.issues.length === 1 && check.issues[0]!.requirement === 'published-episode';
}

/** The requirement checker's list: every directory's unmet items, then its warnings, each message once. */
export function requirementCheckerItems(checks: readonly Pick<DirectoryCheck, 'issues' | 'warnings'>[]): {
  issues: DirectoryIssue[];
  warnings: DirectoryIssue[];
} {
  const unique = (list: DirectoryIssue[]) => {
    const seen = new Set<string>();
    return list.filter((item) => (seen.has(item.message) ? false : (seen.add(item.message), true)));
  };
  return {
    issues: unique(checks.flatMap((check) => check.issues)),
    warnings: unique(checks.flatMap((check) => check.warnings)),
  };
}

/** The compact requirement checker shows this many items until '+N more' is clicked. */
export const REQUIREMENT_CHECKER_COMPACT_ITEMS = 2;

const caller = { userId: z.string().min(1), podcastId: z.uuid() };

export const directoriesRequests = {
  /** Every directory's check for a podcast; any role on the podcast. */
  listDirectoryChecks: defineRequest('feeds.directory-check.list', z.object(caller), directoryChecksSchema),
  /** The creator opened the directory's submission site: the status becomes 'submitted' now (owner or editor). */
  recordDirectorySubmission: defineRequest(
    'feeds.directory-submission.record',
    z.object({ ...caller, directoryId: directoryIdSchema }),
    directoryCheckSchema,
  ),
  /** What the directory answered, as the owner or an editor read it there. */
  recordDirectoryStatus: defineRequest(
    'feeds.directory-status.record',
    z.object({ ...caller, directoryId: directoryIdSchema, status: directoryAnswerSchema }),
    directoryCheckSchema,
  ),
} as const;

/** PUT /api/podcasts/{id}/directories/{directoryId}/status */
export const recordDirectoryStatusInputSchema = z.object({ status: directoryAnswerSchema });
export type RecordDirectoryStatusInput = z.input<typeof recordDirectoryStatusInputSchema>;
