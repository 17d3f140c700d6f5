import { describe, expect, it } from '@jest/globals';
import {
  evaluateFeed,
  failedFeedTest,
  feedScore,
  feedScoreImpact,
  feedTestMessages as text,
  feedTestResultSchema,
  type FeedFindings,
} from './feed-test.js';

/** A feed that has everything spec 2 §5 looks for. */
const complete: FeedFindings = {
  hasChannelTitle: true,
  hasChannelDescription: true,
  hasChannelLink: true,
  episodeCount: 12,
  hasItunesNamespace: true,
  hasItunesAuthor: true,
  hasItunesImage: true,
  hasItunesCategory: true,
  hasItunesExplicit: true,
  hasPodcastGuid: true,
  isPodcasting20: true,
};

describe('feed test scoring (spec 2 §5)', () => {
  it('gives a complete Podcasting 2.0 feed 100, valid, with nothing to say and every directory compatible', () => {
    expect(evaluateFeed(complete)).toEqual({
      isValid: true,
      isPodcasting20: true,
      errors: [],
      warnings: [],
      suggestions: [],
      score: 100,
      compatibility: {
        applePodcasts: true,
        spotify: true,
        googlePodcasts: true,
        podcastIndex: true,
        overcast: true,
        pocketCasts: true,
      },
    });
  });

  it.each([
    ['hasChannelTitle', 'Missing channel title'],
    ['hasChannelDescription', 'Missing channel description'],
    ['hasChannelLink', 'Missing channel link'],
    ['hasItunesNamespace', 'Missing iTunes namespace declaration'],
    ['hasItunesAuthor', 'Missing iTunes author'],
    ['hasItunesImage', 'Missing iTunes image'],
  ] as const)(
    'without %s: the error "%s", 20 points, invalid, no directory but Podcast Index',
    (finding, message) => {
      const evaluation = evaluateFeed({ ...complete, [finding]: false });
      expect(evaluation.errors).toEqual([message]);
      expect(evaluation.warnings).toEqual([]);
      expect(evaluation.score).toBe(80);
      expect(evaluation.isValid).toBe(false);
      expect(evaluation.compatibility).toEqual({
        applePodcasts: false,
        spotify: false,
        googlePodcasts: false,
        podcastIndex: true,
        overcast: false,
        pocketCasts: false,
      });
    },
  );

  it('reports a feed without items as "No episodes found", an error', () => {
    const evaluation = evaluateFeed({ ...complete, episodeCount: 0 });
    expect(evaluation.errors).toEqual(['No episodes found']);
    expect(evaluation.score).toBe(80);
    expect(evaluation.isValid).toBe(false);
  });

  it.each([
    ['hasItunesCategory', 'Missing iTunes category'],
    ['hasItunesExplicit', 'Missing iTunes explicit rating'],
  ] as const)(
    'without %s: the warning "%s", 10 points, still valid, but not for Apple',
    (finding, message) => {
      const evaluation = evaluateFeed({ ...complete, [finding]: false });
      expect(evaluation.errors).toEqual([]);
      expect(evaluation.warnings).toEqual([message]);
      expect(evaluation.score).toBe(90);
      expect(evaluation.isValid).toBe(true);
      expect(evaluation.compatibility).toMatchObject({
        applePodcasts: false,
        spotify: true,
        googlePodcasts: true,
        overcast: true,
        pocketCasts: true,
      });
    },
  );

  it('warns above 300 episodes with the exact text, without costing Apple compatibility', () => {
    expect(evaluateFeed({ ...complete, episodeCount: 300 }).warnings).toEqual([]);
    const evaluation = evaluateFeed({ ...complete, episodeCount: 301 });
    expect(evaluation.warnings).toEqual([
      'Feed contains 301 episodes. Consider using archive feeds for better compatibility.',
    ]);
    expect(evaluation.score).toBe(90);
    expect(evaluation.compatibility.applePodcasts).toBe(true);
  });

  it('suggests podcast:guid and the Podcasting 2.0 namespace without changing the score', () => {
    const withoutGuid = evaluateFeed({ ...complete, hasPodcastGuid: false });
    expect(withoutGuid.suggestions).toEqual([text.addPodcastGuid]);
    expect(withoutGuid.score).toBe(100);
    const plainRss = evaluateFeed({ ...complete, hasPodcastGuid: false, isPodcasting20: false });
    expect(plainRss.suggestions).toEqual([text.addPodcastGuid, text.addPodcasting20Namespace]);
    expect(plainRss.score).toBe(100);
    expect(plainRss.isPodcasting20).toBe(false);
    expect(plainRss.compatibility.podcastIndex).toBe(false);
    expect(plainRss.compatibility.applePodcasts).toBe(true);
  });

  it('floors the score at 0: every error and warning together', () => {
    const evaluation = evaluateFeed({
      hasChannelTitle: false,
      hasChannelDescription: false,
      hasChannelLink: false,
      episodeCount: 0,
      hasItunesNamespace: false,
      hasItunesAuthor: false,
      hasItunesImage: false,
      hasItunesCategory: false,
      hasItunesExplicit: false,
      hasPodcastGuid: false,
      isPodcasting20: false,
    });
    expect(evaluation.errors).toHaveLength(7);
    expect(evaluation.warnings).toHaveLength(2);
    expect(evaluation.score).toBe(0);
    expect(Object.values(evaluation.compatibility)).toEqual([false, false, false, false, false, false]);
  });

  it('counts 20 per error and 10 per warning', () => {
    expect(feedScore(0, 0)).toBe(100);
    expect(feedScore(1, 1)).toBe(70);
    expect(feedScore(2, 3)).toBe(30);
    expect(feedScore(5, 0)).toBe(0);
    expect(feedScore(4, 3)).toBe(0);
  });

  it.each([
    [0, 'Feed may not work with podcast directories'],
    [49, 'Feed may not work with podcast directories'],
    [50, 'Feed may have compatibility issues'],
    [79, 'Feed may have compatibility issues'],
    [80, 'Feed should work with most directories'],
    [100, 'Feed should work with most directories'],
  ])('says what a score of %i means: "%s"', (score, impact) => {
    expect(feedScoreImpact(score)).toBe(impact);
  });

  it('writes the failure texts of spec 2 §5 and §8', () => {
    expect(text.httpError(500, 'Internal Server Error')).toBe('HTTP 500: Internal Server Error');
    expect(text.xmlParsingError('Unclosed tag <channel> on line 3')).toBe(
      'XML parsing error: Unclosed tag <channel> on line 3',
    );
  });

  it('stores a failed test with score 0, that message as its only error and every flag false (spec 2 §8)', () => {
    const result = failedFeedTest('HTTP 404: Not Found', {
      podcastId: '3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      lastTested: '2026-01-02T03:04:05.000Z',
      responseTime: 12,
      httpStatus: 404,
      xmlSize: 0,
      isAccessible: false,
    });
    expect(feedTestResultSchema.parse(result)).toEqual(result);
    expect(result).toMatchObject({
      score: 0,
      isValid: false,
      isAccessible: false,
      errors: ['HTTP 404: Not Found'],
      warnings: [],
      suggestions: [],
    });
    expect(Object.values(result.compatibility).every((flag) => flag === false)).toBe(true);
  });
});
