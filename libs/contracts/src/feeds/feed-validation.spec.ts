import { describe, expect, it } from '@jest/globals';
import { FEED_SIZE_ERROR_BYTES, FEED_SIZE_WARNING_BYTES } from './feed-variants.js';
import {
  feedValidationMessages,
  feedValidationReportSchema,
  validateGeneratedFeed,
  validateGeneratedFeeds,
  type GeneratedFeedFacts,
} from './feed-validation.js';

function facts(
  overrides: Partial<GeneratedFeedFacts> = {},
  channel: Partial<GeneratedFeedFacts['channel']> = {},
) {
  return {
    variant: { kind: 'main' },
    itemCount: 12,
    itemsWithoutEnclosure: 0,
    byteSize: 120_000,
    ...overrides,
    channel: {
      title: 'Signal & Noise',
      description: 'Conversations about building software.',
      link: 'https://signal.example/',
      author: 'Ada Lovelace',
      category: 'Technology',
      explicit: false,
      imageUrl: 'https://cdn.example/art.jpg',
      ...channel,
    },
  } satisfies GeneratedFeedFacts;
}

describe('validateGeneratedFeed', () => {
  it('gives a complete feed 100, valid, with nothing to report', () => {
    expect(validateGeneratedFeed(facts())).toEqual({ valid: true, score: 100, errors: [], warnings: [] });
  });

  it.each([
    ['title', { title: '  ' }, 'TITLE_MISSING', 'Missing channel title'],
    ['description', { description: '' }, 'DESCRIPTION_MISSING', 'Missing channel description'],
    ['link', { link: '' }, 'LINK_MISSING', 'Missing channel link'],
    ['iTunes category', { category: '' }, 'CATEGORY_MISSING', 'Missing iTunes category'],
    ['author', { author: '' }, 'AUTHOR_MISSING', 'Missing iTunes author'],
    ['explicit rating', { explicit: null }, 'EXPLICIT_MISSING', 'Missing iTunes explicit rating'],
    ['image', { imageUrl: null }, 'IMAGE_MISSING', 'Missing iTunes image'],
  ] as const)('reports a missing %s as an error costing 20 points', (_label, channel, code, message) => {
    const report = validateGeneratedFeed(facts({}, channel));
    expect(report).toEqual({ valid: false, score: 80, errors: [{ code, message }], warnings: [] });
  });

  it('reports a feed without items, and items without an enclosure, as errors', () => {
    expect(validateGeneratedFeed(facts({ itemCount: 0 })).errors).toEqual([
      { code: 'NO_ITEMS', message: 'No episodes found' },
    ]);
    expect(validateGeneratedFeed(facts({ itemsWithoutEnclosure: 1 })).errors).toEqual([
      { code: 'ENCLOSURES_MISSING', message: '1 episode has no enclosure' },
    ]);
    expect(validateGeneratedFeed(facts({ itemsWithoutEnclosure: 3 })).errors[0]?.message).toBe(
      '3 episodes have no enclosure',
    );
  });

  it('warns above 5 MB and errs above 10 MB, at the limits of spec 2 §9', () => {
    expect(validateGeneratedFeed(facts({ byteSize: FEED_SIZE_WARNING_BYTES }))).toMatchObject({ score: 100 });
    const warned = validateGeneratedFeed(facts({ byteSize: FEED_SIZE_WARNING_BYTES + 1 }));
    expect(warned).toMatchObject({ valid: true, score: 90, errors: [] });
    expect(warned.warnings).toEqual([
      { code: 'SIZE_WARNING', message: feedValidationMessages.sizeWarning(FEED_SIZE_WARNING_BYTES + 1) },
    ]);
    expect(warned.warnings[0]?.message).toBe(
      'Feed is 5.00 MB, above 5 MB: some podcast apps read large feeds slowly',
    );
    expect(validateGeneratedFeed(facts({ byteSize: FEED_SIZE_ERROR_BYTES })).warnings).toHaveLength(1);
    const failed = validateGeneratedFeed(facts({ byteSize: 11 * 1024 * 1024 }));
    expect(failed).toMatchObject({ valid: false, score: 80, warnings: [] });
    expect(failed.errors).toEqual([
      { code: 'SIZE_ERROR', message: 'Feed is 11.00 MB, above the 10 MB limit: podcast apps may refuse it' },
    ]);
  });

  it('warns about a full feed above 1000 items, and only the full feed', () => {
    expect(validateGeneratedFeed(facts({ variant: { kind: 'full' }, itemCount: 1000 })).warnings).toEqual([]);
    expect(validateGeneratedFeed(facts({ variant: { kind: 'full' }, itemCount: 1001 })).warnings).toEqual([
      {
        code: 'FULL_FEED_LARGE',
        message:
          'Full feed contains 1001 episodes. Podcast apps should use the main feed and its archive pages.',
      },
    ]);
    expect(validateGeneratedFeed(facts({ variant: { kind: 'main' }, itemCount: 1001 })).warnings).toEqual([]);
  });

  it('adds up deductions and never scores below 0', () => {
    const empty = validateGeneratedFeed(
      facts(
        { itemCount: 0, byteSize: 6 * 1024 * 1024 },
        { title: '', description: '', link: '', author: '', category: '', explicit: null, imageUrl: null },
      ),
    );
    expect(empty.errors).toHaveLength(8);
    expect(empty.warnings).toHaveLength(1);
    expect(empty.score).toBe(0);
    const two = validateGeneratedFeed(facts({ byteSize: 6 * 1024 * 1024 }, { imageUrl: '', author: '' }));
    expect(two.score).toBe(100 - 20 - 20 - 10);
  });

  it('names the full feed in its size checks', () => {
    const full = { kind: 'full' } as const;
    expect(
      validateGeneratedFeed(facts({ variant: full, byteSize: FEED_SIZE_WARNING_BYTES + 1 })).warnings,
    ).toEqual([
      {
        code: 'FULL_FEED_SIZE_WARNING',
        message: 'Full feed is 5.00 MB, above 5 MB: some podcast apps read large feeds slowly',
      },
    ]);
    expect(validateGeneratedFeed(facts({ variant: full, byteSize: 11 * 1024 * 1024 })).errors).toEqual([
      {
        code: 'FULL_FEED_SIZE_ERROR',
        message: 'Full feed is 11.00 MB, above the 10 MB limit: podcast apps may refuse it',
      },
    ]);
  });
});

describe('validateGeneratedFeeds', () => {
  it("is the main feed's report when there is no full feed", () => {
    const main = facts({}, { imageUrl: null });
    expect(validateGeneratedFeeds(main, null)).toEqual(validateGeneratedFeed(main));
  });

  it("adds the full feed's size and item count to the main feed's checks, without repeating its channel", () => {
    const report = validateGeneratedFeeds(
      facts({ itemCount: 300 }, { category: '' }),
      facts({ variant: { kind: 'full' }, itemCount: 1200, byteSize: 6 * 1024 * 1024 }, { category: '' }),
    );
    expect(report.errors.map((issue) => issue.code)).toEqual(['CATEGORY_MISSING']);
    expect(report.warnings.map((issue) => issue.code)).toEqual(['FULL_FEED_SIZE_WARNING', 'FULL_FEED_LARGE']);
    expect(report).toMatchObject({ valid: false, score: 100 - 20 - 10 - 10 });
    expect(feedValidationReportSchema.parse(report)).toEqual(report);
  });
});
