import { z } from 'zod';
import { defineRequest } from '../messaging/definitions.js';
import { FEED_ITEM_LIMITS } from './feed-variants.js';

// The feed tester's score (spec 2 §5 "Feed test scoring") and its result (spec 2 §3 "Feed test result").

export const ITUNES_NAMESPACE_URI = 'http://www.itunes.com/dtds/podcast-1.0.dtd';
export const PODCASTING20_NAMESPACE_URI = 'https://podcastindex.org/namespace/1.0';

export const FEED_TEST_ERROR_POINTS = 20;
export const FEED_TEST_WARNING_POINTS = 10;
/** A tested feed with more items than the main feed holds gets a warning (spec 2 §5). */
export const FEED_TEST_MAX_EPISODES = FEED_ITEM_LIMITS.main;

/** Every text the tester writes into a result. */
export const feedTestMessages = {
  missingChannelTitle: 'Missing channel title',
  missingChannelDescription: 'Missing channel description',
  missingChannelLink: 'Missing channel link',
  noEpisodes: 'No episodes found',
  missingItunesNamespace: 'Missing iTunes namespace declaration',
  missingItunesAuthor: 'Missing iTunes author',
  missingItunesImage: 'Missing iTunes image',
  httpError: (status: number, text: string) => `HTTP ${status}: ${text}`,
  xmlParsingError: (detail: string) => `XML parsing error: ${detail}`,
  missingItunesCategory: 'Missing iTunes category',
  missingItunesExplicit: 'Missing iTunes explicit rating',
  tooManyEpisodes: (episodes: number) =>
    `Feed contains ${episodes} episodes. Consider using archive feeds for better compatibility.`,
  addPodcastGuid: 'Add podcast:guid to give the podcast an identity that survives a move to another host',
  addPodcasting20Namespace:
    'Consider adding the Podcasting 2.0 namespace (https://podcastindex.org/namespace/1.0)',
  impactPoor: 'Feed may not work with podcast directories',
  impactFair: 'Feed may have compatibility issues',
  impactGood: 'Feed should work with most directories',
} as const;

/** What the tester found in a feed it could fetch and parse: the only input of the score. */
export interface FeedFindings {
  hasChannelTitle: boolean;
  hasChannelDescription: boolean;
  hasChannelLink: boolean;
  episodeCount: number;
  hasItunesNamespace: boolean;
  hasItunesAuthor: boolean;
  hasItunesImage: boolean;
  hasItunesCategory: boolean;
  hasItunesExplicit: boolean;
  hasPodcastGuid: boolean;
  /** The Podcasting 2.0 namespace is declared. */
  isPodcasting20: boolean;
}

export const feedCompatibilitySchema = z.object({
  applePodcasts: z.boolean(),
  spotify: z.boolean(),
  googlePodcasts: z.boolean(),
  podcastIndex: z.boolean(),
  overcast: z.boolean(),
  pocketCasts: z.boolean(),
});
export type FeedCompatibility = z.infer<typeof feedCompatibilitySchema>;

export const FEED_DIRECTORY_LABELS: Record<keyof FeedCompatibility, string> = {
  applePodcasts: 'Apple Podcasts',
  spotify: 'Spotify',
  googlePodcasts: 'Google Podcasts',
  podcastIndex: 'Podcast Index',
  overcast: 'Overcast',
  pocketCasts: 'Pocket Casts',
};

/** The score of a feed's findings: errors, warnings, suggestions, score, validity and compatibility. */
export interface FeedEvaluation {
  isValid: boolean;
  isPodcasting20: boolean;
  errors: string[];
  warnings: string[];
  suggestions: string[];
  score: number;
  compatibility: FeedCompatibility;
}

/** Spec 2 §5: 20 points per error, 10 per warning, floored at 0; valid means no errors. */
export function feedScore(errors: number, warnings: number): number {
  return Math.max(0, 100 - FEED_TEST_ERROR_POINTS * errors - FEED_TEST_WARNING_POINTS * warnings);
}

export function evaluateFeed(findings: FeedFindings): FeedEvaluation {
  const text = feedTestMessages;
  const errors: string[] = [];
  if (!findings.hasChannelTitle) errors.push(text.missingChannelTitle);
  if (!findings.hasChannelDescription) errors.push(text.missingChannelDescription);
  if (!findings.hasChannelLink) errors.push(text.missingChannelLink);
  if (findings.episodeCount === 0) errors.push(text.noEpisodes);
  if (!findings.hasItunesNamespace) errors.push(text.missingItunesNamespace);
  if (!findings.hasItunesAuthor) errors.push(text.missingItunesAuthor);
  if (!findings.hasItunesImage) errors.push(text.missingItunesImage);

  const itunesWarnings: string[] = [];
  if (!findings.hasItunesCategory) itunesWarnings.push(text.missingItunesCategory);
  if (!findings.hasItunesExplicit) itunesWarnings.push(text.missingItunesExplicit);
  const warnings = [...itunesWarnings];
  if (findings.episodeCount > FEED_TEST_MAX_EPISODES)
    warnings.push(text.tooManyEpisodes(findings.episodeCount));

  const suggestions: string[] = [];
  if (!findings.hasPodcastGuid) suggestions.push(text.addPodcastGuid);
  if (!findings.isPodcasting20) suggestions.push(text.addPodcasting20Namespace);

  const noErrors = errors.length === 0;
  return {
    isValid: noErrors,
    isPodcasting20: findings.isPodcasting20,
    errors,
    warnings,
    suggestions,
    score: feedScore(errors.length, warnings.length),
    compatibility: {
      applePodcasts: noErrors && itunesWarnings.length === 0,
      spotify: noErrors,
      googlePodcasts: noErrors,
      overcast: noErrors,
      pocketCasts: noErrors,
      podcastIndex: findings.isPodcasting20,
    },
  };
}

/** Spec 2 §5 impact text: below 50, below 80, otherwise. */
export function feedScoreImpact(score: number): string {
  if (score < 50) return feedTestMessages.impactPoor;
  if (score < 80) return feedTestMessages.impactFair;
  return feedTestMessages.impactGood;
}

/** A feed test as stored and shown (spec 2 §3 "Feed test result"). */
export const feedTestResultSchema = z.object({
  podcastId: z.uuid(),
  isValid: z.boolean(),
  /** The feed answered 2xx within the time and size limits. */
  isAccessible: z.boolean(),
  isPodcasting20: z.boolean(),
  /** Items in the fetched document. */
  episodeCount: z.number().int().nonnegative(),
  /** Bytes of the fetched document (0 when nothing was fetched). */
  xmlSize: z.number().int().nonnegative(),
  errors: z.array(z.string()),
  warnings: z.array(z.string()),
  suggestions: z.array(z.string()),
  score: z.number().int().min(0).max(100),
  lastTested: z.iso.datetime(),
  /** Milliseconds from sending the request to having the whole body. */
  responseTime: z.number().int().nonnegative(),
  /** The status the feed answered with; null when no answer came (refused address, unreachable, timeout). */
  httpStatus: z.number().int().nullable(),
  compatibility: feedCompatibilitySchema,
});
export type FeedTestResult = z.infer<typeof feedTestResultSchema>;

const NO_COMPATIBILITY: FeedCompatibility = {
  applePodcasts: false,
  spotify: false,
  googlePodcasts: false,
  podcastIndex: false,
  overcast: false,
  pocketCasts: false,
};

/**
 * A test that could not score the feed (spec 2 §8): the failure's message as the only error, score 0, every
 * compatibility flag false.
 */
export function failedFeedTest(
  message: string,
  measured: Pick<FeedTestResult, 'podcastId' | 'lastTested' | 'responseTime' | 'httpStatus' | 'xmlSize'> & {
    isAccessible: boolean;
  },
): FeedTestResult {
  return {
    ...measured,
    isValid: false,
    isPodcasting20: false,
    episodeCount: 0,
    errors: [message],
    warnings: [],
    suggestions: [],
    score: 0,
    compatibility: { ...NO_COMPATIBILITY },
  };
}

const feedTestTarget = z.object({ userId: z.string().min(1), podcastId: z.uuid() });

export const feedTestRequests = {
  /**
   * Fetches the podcast's live main feed as a podcast app would, scores it and stores the result (owner, editor or
   * viewer). A failure to fetch or parse is a stored result too; another user's podcast is PODCAST_NOT_FOUND.
   */
  runFeedTest: defineRequest('feeds.feed.test', feedTestTarget, feedTestResultSchema),
  /** The podcast's last stored test, or null before the first. */
  getFeedTest: defineRequest(
    'feeds.feed-test.get',
    feedTestTarget,
    z.object({ result: feedTestResultSchema.nullable() }),
  ),
} as const;
