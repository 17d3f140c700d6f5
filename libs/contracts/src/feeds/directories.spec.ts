import { describe, expect, it } from '@jest/globals';
import { DIRECTORY_CATALOGUE, directoryEntry, type DirectoryId } from './directory-catalogue.js';
import {
  directoryAction,
  directoryChecks,
  directorySummary,
  episodeCountNotice,
  evaluateDirectory,
  onlyMissingEpisode,
  readinessChecklist,
  requirementCheckerItems,
  type DirectoryEvaluationInput,
  type DirectoryPodcastFacts,
  type StoredDirectoryStatus,
} from './directories.js';

const completePodcast: DirectoryPodcastFacts = {
  name: 'Signal and Noise',
  description: 'A show about the sounds of the city.',
  artworkUrl: 'https://castbase.example/storage/art.jpg',
  category: 'Technology',
  author: 'Ada Lovelace',
  language: 'en',
  explicit: false,
  email: 'ada@example.com',
  ownerEmail: 'ada@example.com',
};

function input(podcast: Partial<DirectoryPodcastFacts> = {}, rest: Partial<DirectoryEvaluationInput> = {}) {
  return { podcast: { ...completePodcast, ...podcast }, publishedEpisodeCount: 3, hasFeedUrl: true, ...rest };
}

const apple = directoryEntry('apple-podcasts');
const spotify = directoryEntry('spotify');
const youtube = directoryEntry('youtube-music');
const messages = (list: { message: string }[]) => list.map((item) => item.message);

describe('the directory catalogue', () => {
  it('lists the five directories of spec 2, each with its real submission site', () => {
    expect(DIRECTORY_CATALOGUE.map((entry) => [entry.name, entry.submitUrl])).toEqual([
      ['Podcast Index', 'https://podcastindex.org/add'],
      ['Apple Podcasts', 'https://podcastsconnect.apple.com/'],
      ['Spotify', 'https://creators.spotify.com/'],
      ['Amazon Music', 'https://podcasters.amazon.com/'],
      ['YouTube Music', 'https://studio.youtube.com/'],
    ]);
  });
  it("shows the cards' review times of spec 2 §9", () => {
    expect(DIRECTORY_CATALOGUE.map((entry) => entry.reviewTime)).toEqual([
      'Usually instant',
      '24 to 48 hours',
      '2 to 5 days',
      '3 to 5 days',
      '1 to 2 days',
    ]);
  });
});

describe('evaluateDirectory (spec 2 §5)', () => {
  it('finds a fully filled podcast with a published episode ready everywhere', () => {
    for (const entry of DIRECTORY_CATALOGUE) expect(evaluateDirectory(entry, input()).ready).toBe(true);
  });

  it('needs artwork, with the checklist wording "Upload podcast artwork (1400x1400 minimum)"', () => {
    const { ready, issues } = evaluateDirectory(apple, input({ artworkUrl: null }));
    expect(ready).toBe(false);
    expect(issues).toEqual([
      {
        requirement: 'artwork',
        message: 'Upload podcast artwork (1400x1400 minimum)',
        fix: { kind: 'settings', field: 'artwork' },
      },
    ]);
  });

  it('needs at least one published episode: "Publish at least one episode", fixed on the upload screen', () => {
    const { issues } = evaluateDirectory(spotify, input({}, { publishedEpisodeCount: 0 }));
    expect(issues).toEqual([
      { requirement: 'published-episode', message: 'Publish at least one episode', fix: { kind: 'upload' } },
    ]);
  });

  it.each([
    ['category', { category: '' }, 'category'],
    ['author', { author: '  ' }, 'author'],
    ['language', { language: '' }, 'language'],
  ] as const)(
    'needs the iTunes tags: a missing %s is "Complete podcast metadata"',
    (_name, podcast, field) => {
      const { issues } = evaluateDirectory(directoryEntry('amazon-music'), input(podcast));
      expect(issues).toEqual([
        {
          requirement: 'itunes-tags',
          message: 'Complete podcast metadata',
          fix: { kind: 'settings', field },
        },
      ]);
    },
  );

  it('needs explicit to be true or false: an unset rating fails the iTunes tags and the explicit rating', () => {
    const { issues } = evaluateDirectory(apple, input({ explicit: null }));
    expect(messages(issues)).toEqual([
      'Complete podcast metadata',
      'Explicit content rating must be set (true or false)',
    ]);
    expect(evaluateDirectory(apple, input({ explicit: true })).ready).toBe(true);
  });

  it('only warns about email, the RSS feed, content guidelines and the YouTube channel', () => {
    const result = evaluateDirectory(youtube, input({ email: '', ownerEmail: '' }, { hasFeedUrl: false }));
    expect(result.ready).toBe(true);
    expect(result.issues).toEqual([]);
    expect(messages(result.warnings)).toEqual([
      'Add a contact email: directories send ownership verification codes to it',
      'Generate RSS feed',
      'Review the content guidelines of YouTube Music before submitting',
      'A YouTube channel is needed: the feed is added to it in YouTube Studio',
    ]);
  });

  it('counts the owner e-mail as an e-mail address', () => {
    const { warnings } = evaluateDirectory(spotify, input({ email: '', ownerEmail: 'owner@example.com' }));
    expect(messages(warnings)).not.toContain(
      'Add a contact email: directories send ownership verification codes to it',
    );
  });

  it('ignores, for Apple Podcasts only, the issues that mention email', () => {
    const noEmail = input({ email: '', ownerEmail: '' });
    expect(messages(evaluateDirectory(apple, noEmail).warnings).some((text) => /email/i.test(text))).toBe(
      false,
    );
    expect(messages(evaluateDirectory(spotify, noEmail).warnings).some((text) => /email/i.test(text))).toBe(
      true,
    );
  });
});

describe('readinessChecklist', () => {
  it('uses the spec’s wording verbatim, in its order, and marks what is done', () => {
    const items = readinessChecklist({ ...completePodcast, artworkUrl: null, author: '' }, false);
    expect(items.map(({ message, done }) => [message, done])).toEqual([
      ['Generate RSS feed', false],
      ['Add podcast name', true],
      ['Add podcast description', true],
      ['Upload podcast artwork (1400x1400 minimum)', false],
      ['Select podcast category', true],
      ['Select podcast language', true],
      ['Add author name', false],
      ['Set explicit content rating', true],
    ]);
  });
});

describe('episodeCountNotice (spec 2 §2)', () => {
  it.each([
    [200, null],
    [201, 'planning'],
    [250, 'planning'],
    [251, 'approaching-limit'],
    [300, 'approaching-limit'],
    [301, 'planning'],
  ] as const)('with %i published episodes shows %s', (count, kind) => {
    expect(episodeCountNotice(count)?.kind ?? null).toBe(kind);
  });
});

describe('directory checks, cards and counters', () => {
  const stored = new Map<DirectoryId, StoredDirectoryStatus>([
    [
      'apple-podcasts',
      {
        status: 'approved',
        submittedAt: '2026-01-02T00:00:00.000Z',
        lastChecked: '2026-01-05T00:00:00.000Z',
      },
    ],
    [
      'spotify',
      {
        status: 'submitted',
        submittedAt: '2026-01-03T00:00:00.000Z',
        lastChecked: '2026-01-03T00:00:00.000Z',
      },
    ],
    ['amazon-music', { status: 'under_review', submittedAt: null, lastChecked: '2026-01-04T00:00:00.000Z' }],
  ]);
  const podcastId = '0d5b0d3c-52a5-4a5e-9a1c-6d1f7d8e2f10';

  it('merges the stored statuses; a directory with none is not_submitted', () => {
    const { items } = directoryChecks(podcastId, input(), stored);
    expect(items.map((item) => [item.id, item.status])).toEqual([
      ['podcast-index', 'not_submitted'],
      ['apple-podcasts', 'approved'],
      ['spotify', 'submitted'],
      ['amazon-music', 'under_review'],
      ['youtube-music', 'not_submitted'],
    ]);
    expect(items[1]!.submittedAt).toBe('2026-01-02T00:00:00.000Z');
  });

  it('counts Approved, Under Review (submitted plus under_review) and Ready to Submit', () => {
    const { items } = directoryChecks(podcastId, input(), stored);
    expect(directorySummary(items)).toEqual({ approved: 1, underReview: 2, readyToSubmit: 2 });
  });

  it('shows ✓ Approved for an approved directory, Submit when ready, Not Ready otherwise', () => {
    expect(directoryAction({ status: 'approved', ready: false })).toBe('approved');
    expect(directoryAction({ status: 'rejected', ready: true })).toBe('submit');
    expect(directoryAction({ status: 'not_submitted', ready: false })).toBe('not-ready');
  });

  it('offers Upload Episode only when the one issue is having no published episode', () => {
    const noEpisode = directoryChecks(podcastId, input({}, { publishedEpisodeCount: 0 }), new Map());
    expect(noEpisode.items.every(onlyMissingEpisode)).toBe(true);
    const noEpisodeNoArt = directoryChecks(
      podcastId,
      input({ artworkUrl: null }, { publishedEpisodeCount: 0 }),
      new Map(),
    );
    expect(noEpisodeNoArt.items.some(onlyMissingEpisode)).toBe(false);
  });

  it('lists each unmet item and warning once across directories', () => {
    const { items } = directoryChecks(
      podcastId,
      input({ artworkUrl: null }, { publishedEpisodeCount: 0, hasFeedUrl: false }),
      new Map(),
    );
    const { issues, warnings } = requirementCheckerItems(items);
    expect(messages(issues)).toEqual([
      'Upload podcast artwork (1400x1400 minimum)',
      'Publish at least one episode',
    ]);
    expect(messages(warnings)).toContain('Generate RSS feed');
    expect(new Set(messages(warnings)).size).toBe(warnings.length);
  });
});
