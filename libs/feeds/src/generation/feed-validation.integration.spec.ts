import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  feedValidationMessages,
  feedValidationReportSchema,
  FULL_FEED_WARNING_ITEMS,
  validateGeneratedFeeds,
  type Podcast,
} from '@castbase/contracts';
import { waitFor } from '@castbase/platform-testing';
import { channelLink } from '../rss/feed-urls.js';
import { FEEDS_TEST_PUBLIC_URL, startFeedsTestApp, type FeedsTestApp } from '../testing/feeds-test-app.js';

const ARTWORK = 'https://cdn.castbase.example/art/cover.jpg';

describe("feeds service: the generator's own validation report (spec 2 §5) kept with the RSS status", () => {
  let app: FeedsTestApp;

  beforeAll(async () => {
    app = await startFeedsTestApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  const settled = (podcastId: string) =>
    waitFor(
      `the feeds of ${podcastId} generated`,
      async () => {
        const [row] = await app.rows(
          'select changes_heard, changes_generated, generated_at from feeds.feed_podcasts where podcast_id = ?',
          [podcastId],
        );
        return (
          row !== undefined &&
          row['generated_at'] !== null &&
          row['changes_heard'] === row['changes_generated']
        );
      },
      { timeoutMs: 60_000 },
    );

  const storedReport = async (podcastId: string) => {
    const [row] = await app.rows('select validation from feeds.feed_podcasts where podcast_id = ?', [
      podcastId,
    ]);
    return feedValidationReportSchema.parse(row?.['validation']);
  };

  async function podcastWith(count: number, overrides: Partial<Podcast> = {}) {
    const podcast = app.catalogPodcast(
      app.newOwner(),
      `user-${Math.random().toString(36).slice(2, 8)}`,
      overrides,
    );
    const episodes = app.publishedEpisodes(podcast, count);
    app.update(podcast.id, { episodes });
    await app.podcastCreated(podcast);
    await settled(podcast.id);
    return { podcast, episodes };
  }

  it("stores a complete podcast's report at its generation: valid, 100, nothing to report, and answers it in the status", async () => {
    const { podcast } = await podcastWith(3, { artworkUrl: ARTWORK });
    const expected = validateGeneratedFeeds(
      {
        variant: { kind: 'main' },
        channel: {
          title: podcast.name,
          description: podcast.description,
          link: channelLink(podcast, FEEDS_TEST_PUBLIC_URL),
          author: podcast.author,
          category: podcast.category,
          explicit: podcast.explicit,
          imageUrl: ARTWORK,
        },
        itemCount: 3,
        itemsWithoutEnclosure: 0,
        byteSize: 1,
      },
      null,
    );
    expect(expected).toEqual({ valid: true, score: 100, errors: [], warnings: [] });
    expect(await storedReport(podcast.id)).toEqual(expected);
    expect((await app.feedStatus(podcast.ownerId, podcast.id)).validation).toEqual(expected);
  });

  it("reports a podcast without artwork or category, and a new one without episodes, with the contract's errors", async () => {
    const { podcast } = await podcastWith(0, { artworkUrl: null, category: '' });
    const report = await storedReport(podcast.id);
    expect(report.errors).toEqual([
      { code: 'NO_ITEMS', message: feedValidationMessages.noItems },
      { code: 'CATEGORY_MISSING', message: feedValidationMessages.categoryMissing },
      { code: 'IMAGE_MISSING', message: feedValidationMessages.imageMissing },
    ]);
    expect(report).toMatchObject({ valid: false, score: 40, warnings: [] });
    expect((await app.feedStatus(podcast.ownerId, podcast.id)).validation).toEqual(report);
  });

  it("reports the main feed's size above 5 MB as the contract words it, with the stored size", async () => {
    const longNotes = `<p>${'Long show notes. '.repeat(6_000)}</p>`;
    const podcast = app.catalogPodcast(app.newOwner(), 'verbose', { artworkUrl: ARTWORK });
    const episodes = app
      .publishedEpisodes(podcast, 30)
      .map((episode) => ({ ...episode, description: longNotes }));
    app.update(podcast.id, { episodes });
    await app.podcastCreated(podcast);
    await settled(podcast.id);
    const status = await app.feedStatus(podcast.ownerId, podcast.id);
    expect(status.sizeProblem).toBe('warning');
    expect(status.validation).toEqual({
      valid: true,
      score: 90,
      errors: [],
      warnings: [{ code: 'SIZE_WARNING', message: feedValidationMessages.sizeWarning(status.sizeBytes) }],
    });
  });

  it("covers the full feed: above 1000 episodes it warns, and the report goes back to the main feed's when the full feed goes", async () => {
    const count = FULL_FEED_WARNING_ITEMS + 1;
    const { podcast, episodes } = await podcastWith(count, { artworkUrl: ARTWORK });
    expect(await storedReport(podcast.id)).toEqual({
      valid: true,
      score: 90,
      errors: [],
      warnings: [{ code: 'FULL_FEED_LARGE', message: feedValidationMessages.fullFeedLarge(count) }],
    });

    app.update(podcast.id, { episodes: episodes.slice(0, 300) });
    const eventId = await app.podcastUpdated(podcast.id);
    await waitFor('the change heard', () => app.processed(eventId));
    await settled(podcast.id);
    expect(await storedReport(podcast.id)).toEqual({ valid: true, score: 100, errors: [], warnings: [] });
  });
});
