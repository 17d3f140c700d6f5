/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import {
  analyticsMessages,
  analyticsRangeStart,
  dashboardAnalyticsMessages,
  episodeAnalyticsMessages,
  feedAnalyticsMessages,
  formatFeedBytes,
  formatHourRange,
  formatMinutes,
  formatPercent,
  formatPercentChange,
  podcastAnalyticsMessages,
  secondsToMinutes,
  type AnalyticsTimeRange,
  type DashboardAnalytics,
  type Episode,
  type FeedAnalytics,
  type Podcast,
  type PodcastAnalytics,
} from '@castbase/contracts';
import { waitFor } from '@castbase/platform-testing';
import { expectAccessibleInBothThemes, tabThroughPage } from './support/accessibility.js';
import { seedAnalytics, waitForEnclosures, type AnalyticsSeed } from './support/analytics-seed.js';
import type { ApiClient } from './support/api-client.js';
import { signedUpContributor } from './support/contributor-journey.js';
import { apiOfDevice } from './support/episode-seed.js';
import { screenshotInBothThemes } from './support/review-screenshots.js';
import { uploadToneMp3 } from './support/tone-media.js';
import { startWebAppUnderTest, type WebAppUnderTest } from './support/web-app.js';
import { signedUpCreator } from './support/web-journey.js';

// The podcast analytics screen (spec 3 §2.3) and the dashboard's Analytics Overview card (spec 2 §2) in a real
// browser, over four months of downloads, listening sessions and feed requests written into the app's database: every
// figure on screen is the API's answer as the contracts format it, and the API's totals are the seed's sums. Then the
// time ranges, a feed request that fails on the network, the loading and error states, a podcast without data, a
// viewer, and a 320-pixel-wide screen.

const JOURNEY_TIMEOUT_MS = 240_000;
const TITLES = [
  'Signals at Dawn',
  'The Long Interview',
  'Quiet Markets',
  'Field Notes',
  'Listener Mail',
  'Coda',
];
/** The episodes' media: long enough that durations read in minutes. */
const TONE_SECONDS = 90;
const FEED_ANALYTICS = /\/api\/podcasts\/[^/]+\/analytics\/feed\?/;
const DASHBOARD_ANALYTICS = /\/api\/podcasts\/[^/]+\/analytics\/dashboard$/;
const PODCAST_ANALYTICS = /\/api\/podcasts\/[^/]+\/analytics\?/;
const count = (value: number) => value.toLocaleString('en-US');

describe('podcast analytics and the dashboard card', () => {
  let app: WebAppUnderTest;
  let context: BrowserContext;
  let page: Page;
  let api: ApiClient;
  let podcast: Podcast;
  let emptyPodcast: Podcast;
  let seed: AnalyticsSeed;

  const podcastAnswer = (range: AnalyticsTimeRange) =>
    api.ok<PodcastAnalytics>('GET', `/api/podcasts/${podcast.id}/analytics?timeRange=${range}`);
  const feedAnswer = (range: AnalyticsTimeRange) =>
    api.ok<FeedAnalytics>('GET', `/api/podcasts/${podcast.id}/analytics/feed?timeRange=${range}`);
  const seededSince = (range: AnalyticsTimeRange) => {
    const from = analyticsRangeStart(range, new Date())?.getTime() ?? 0;
    return {
      downloads: seed.downloads.filter((download) => download.countedAt.getTime() >= from),
      feedRequests: seed.feedRequests.filter((request) => request.requestedAt.getTime() >= from),
    };
  };
  const openAnalytics = async (target: Podcast, query = '') => {
    await page.goto(`${app.running.url}/p/${target.id}/analytics${query}`);
    await page.getByRole('heading', { level: 1, name: podcastAnalyticsMessages.title }).waitFor();
  };
  /** Holds every request to these addresses until the returned release, then fails it as a refused connection. */
  const holdThenRefuse = async (...addresses: RegExp[]) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    for (const address of addresses) {
      await page.route(address, async (route) => {
        await held;
        await route.abort('connectionrefused');
      });
    }
    return {
      release,
      restore: async () => {
        for (const address of addresses) await page.unroute(address);
      },
    };
  };
  const card = (label: string) => page.getByRole('group', { name: label, exact: true });
  const expectCard = (label: string, value: string) =>
    card(label).getByText(value, { exact: true }).waitFor();

  beforeAll(async () => {
    app = await startWebAppUnderTest('webpodcastanalytics');
    const creator = await signedUpCreator(app.browser, app.running.url, ['Morning Signals', 'Quiet Hours']);
    [podcast, emptyPodcast] = creator.podcasts as [Podcast, Podcast];
    api = apiOfDevice(creator.storageState, app.running.url);
    const audio = await uploadToneMp3(api, TONE_SECONDS);
    const episodes: Episode[] = [];
    for (const title of TITLES) {
      episodes.push(
        await api.ok<Episode>('POST', `/api/podcasts/${podcast.id}/episodes`, {
          title,
          mediaId: audio.id,
          status: 'published',
        }),
      );
    }
    await waitForEnclosures(
      app.database,
      episodes.map((episode) => episode.id),
    );
    seed = await seedAnalytics(app.database, {
      podcastId: podcast.id,
      ownerId: podcast.ownerId,
      episodes: episodes.map((episode, index) => ({
        episodeId: episode.id,
        durationSeconds: TONE_SECONDS,
        weight: TITLES.length - index,
        listened: index % 2 === 0,
      })),
      days: 120,
      downloadsPerDay: 90,
      feedRequestsPerDay: 48,
      seed: 20261128,
    });
    await api.ok('POST', `/api/podcasts/${podcast.id}/contributors`, {
      email: 'vera@example.com',
      role: 'viewer',
    });

    context = await app.browser.newContext({
      storageState: creator.storageState,
      colorScheme: 'light',
      viewport: { width: 1280, height: 900 },
    });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
  }, JOURNEY_TIMEOUT_MS);

  afterAll(async () => {
    await context?.close();
    await app?.stop();
  }, JOURNEY_TIMEOUT_MS);

  it(
    "shows the dashboard card's last 30 days as the API answers them, and View All leads to the analytics screen",
    async () => {
      const answer = await api.ok<DashboardAnalytics>(
        'GET',
        `/api/podcasts/${podcast.id}/analytics/dashboard`,
      );
      expect(answer.totalPlays).toBe(seededSince('30d').downloads.length);
      expect(answer.hasData).toBe(true);

      await page.goto(`${app.running.url}/p/${podcast.id}/dashboard`);
      const overview = page.getByRole('region', { name: 'Analytics Overview' });
      const figure = (label: string) => overview.locator('dt', { hasText: label }).locator('+ dd');
      await figure('Total Plays').getByText(count(answer.totalPlays), { exact: true }).waitFor();
      expect(await figure('Unique Listeners').innerText()).toBe(count(answer.uniqueListeners));
      expect(await figure('Avg Duration').innerText()).toBe(
        answer.averageListenMinutes === null
          ? analyticsMessages.notMeasured
          : formatMinutes(answer.averageListenMinutes),
      );
      expect(await figure('Growth Rate').innerText()).toBe(formatPercentChange(answer.growthRate));
      await expectAccessibleInBothThemes(page, 'the dashboard with its Analytics Overview card');
      await screenshotInBothThemes(overview, 'analytics-overview-card');

      await overview.getByRole('link', { name: 'View All analytics' }).click();
      await page.waitForURL(`${app.running.url}/p/${podcast.id}/analytics`);
      await page.getByRole('heading', { level: 1, name: podcastAnalyticsMessages.title }).waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'shows the card loading, then Failed to load analytics with Retry when its request fails',
    async () => {
      const requests = await holdThenRefuse(DASHBOARD_ANALYTICS);
      await page.goto(`${app.running.url}/p/${podcast.id}/dashboard`);
      const overview = page.getByRole('region', { name: 'Analytics Overview' });
      await overview.getByRole('status').getByText(dashboardAnalyticsMessages.loading).waitFor();
      await expectAccessibleInBothThemes(page, 'the dashboard with its analytics loading');
      requests.release();
      const failure = overview.getByRole('alert');
      await failure.getByText(analyticsMessages.loadFailed).waitFor();
      await expectAccessibleInBothThemes(page, 'the dashboard with its analytics failed');
      await screenshotInBothThemes(overview, 'analytics-overview-card-failed');
      await requests.restore();
      await failure.getByRole('button', { name: analyticsMessages.retry }).click();
      await overview.getByText(dashboardAnalyticsMessages.totalPlays).waitFor();
      await failure.waitFor({ state: 'detached' });
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'shows every figure of the last 30 days as the API answers it, formatted by the contracts',
    async () => {
      const [answer, feed] = await Promise.all([podcastAnswer('30d'), feedAnswer('30d')]);
      const seeded = seededSince('30d');
      expect(answer.overview.totalPlays).toBe(seeded.downloads.length);
      expect(feed.totalRequests).toBe(seeded.feedRequests.length);
      expect(feed.bandwidth.totalBytes).toBe(
        seeded.feedRequests.reduce((sum, request) => sum + request.bytes, 0),
      );

      await openAnalytics(podcast);
      const text = podcastAnalyticsMessages;
      await expectCard(text.overview.totalPlays, count(answer.overview.totalPlays));
      await expectCard(text.overview.publishedEpisodes, String(TITLES.length));
      await expectCard(text.overview.uniqueListeners, count(answer.overview.uniqueListeners));
      await expectCard(
        text.overview.averageEpisodeDuration,
        formatMinutes(secondsToMinutes(answer.overview.averageEpisodeDurationSeconds)),
      );
      await expectCard(text.overview.growthRate, formatPercentChange(answer.overview.growthRate));
      await expectCard(text.performance.monthlyGrowth, formatPercentChange(answer.trends.monthlyGrowth));
      await expectCard(
        text.performance.averageCompletionRate,
        formatPercent(answer.performance.averageCompletionRate),
      );
      expect(answer.performance.listenerRetention).toBeNull();
      await card(text.performance.listenerRetention)
        .getByText(text.performance.retentionNotMeasured)
        .waitFor();

      const rows = page.getByRole('table').getByRole('row');
      const top = answer.performance.topEpisodes.slice(0, 5);
      await waitFor('five top episodes', async () => (await rows.count()) === top.length + 1);
      for (const [index, episode] of top.entries()) {
        const row = rows.nth(index + 1);
        const link = row.getByRole('link', { name: episode.title, exact: true });
        expect(await link.getAttribute('href')).toBe(
          `/p/${podcast.id}/episodes/${episode.episodeId}/analytics`,
        );
        expect(await row.getByRole('cell').first().innerText()).toBe(count(episode.totalPlays));
      }

      const demographics = page.getByRole('region', { name: text.demographics.title });
      const countries = demographics.getByRole('list', { name: text.demographics.countries });
      const rowTexts = async (list: Locator) =>
        (await list.getByRole('listitem').allInnerTexts()).map((row) => row.replace(/\s+/g, ' ').trim());
      expect(await rowTexts(countries)).toEqual(
        answer.demographics.countries
          .slice(0, 5)
          .map(
            (entry) =>
              `${entry.name} ${formatPercent(entry.percent)} ${episodeAnalyticsMessages.plays(entry.plays)}`,
          ),
      );
      const apps = demographics.getByRole('list', { name: text.demographics.apps });
      expect(await apps.getByRole('listitem').count()).toBe(Math.min(5, answer.demographics.apps.length));

      const feedSection = page.getByRole('region', { name: feedAnalyticsMessages.title });
      await feedSection
        .getByRole('group', { name: feedAnalyticsMessages.totalRequests })
        .getByText(count(feed.totalRequests))
        .waitFor();
      await feedSection.getByText(formatFeedBytes(feed.bandwidth.totalBytes), { exact: true }).waitFor();
      await feedSection
        .getByText(formatFeedBytes(Math.round(feed.bandwidth.averagePerRequest)), { exact: true })
        .waitFor();
      for (const peak of feed.peakHours) {
        await feedSection.getByText(formatHourRange(peak.hour), { exact: true }).waitFor();
      }
      expect(feed.peakHours).toHaveLength(3);
      expect(
        await feedSection
          .getByRole('list', { name: feedAnalyticsMessages.topApps })
          .getByRole('listitem')
          .count(),
      ).toBe(feed.topApps.length);
      await card(feedAnalyticsMessages.subscribers)
        .getByText(count(feed.subscribers.estimate), { exact: true })
        .waitFor();

      await expectAccessibleInBothThemes(page, 'the podcast analytics screen over 30 days');
      const { stops, unreached } = await tabThroughPage(page);
      expect(unreached).toEqual([]);
      expect(stops.filter((stop) => !stop.ringVisible).map((stop) => stop.element)).toEqual([]);
      await screenshotInBothThemes(page.getByRole('main'), 'podcast-analytics-30d');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'switches to 7 Days and All Time, each with its own totals, kept in the address',
    async () => {
      await openAnalytics(podcast);
      for (const [range, label] of [
        ['7d', '7 Days'],
        ['all', 'All Time'],
      ] as const) {
        const answer = await podcastAnswer(range);
        expect(answer.overview.totalPlays).toBe(seededSince(range).downloads.length);
        await page.getByRole('combobox', { name: analyticsMessages.timeRange }).click();
        await page.getByRole('option', { name: label }).click();
        await page.waitForURL(`${app.running.url}/p/${podcast.id}/analytics?timeRange=${range}`);
        await expectCard(podcastAnalyticsMessages.overview.totalPlays, count(answer.overview.totalPlays));
        const feed = await feedAnswer(range);
        await page
          .getByRole('group', { name: feedAnalyticsMessages.totalRequests })
          .getByText(count(feed.totalRequests), { exact: true })
          .waitFor();
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "says 'Analytics data may be incomplete' when the feed analytics request fails on the network, and Retry brings it",
    async () => {
      await page.route(FEED_ANALYTICS, (route) => route.abort('internetdisconnected'));
      await openAnalytics(podcast, '?timeRange=90d');
      const banner = page.getByText(analyticsMessages.incomplete(feedAnalyticsMessages.fetchFailed), {
        exact: true,
      });
      await banner.waitFor();
      const feedSection = page.getByRole('region', { name: feedAnalyticsMessages.title });
      const failure = feedSection.getByRole('alert');
      await failure.getByText(feedAnalyticsMessages.fetchFailed).waitFor();
      const answer = await podcastAnswer('90d');
      await expectCard(podcastAnalyticsMessages.overview.totalPlays, count(answer.overview.totalPlays));
      await expectAccessibleInBothThemes(page, 'the podcast analytics screen without its feed analytics');
      await screenshotInBothThemes(page.getByRole('main'), 'podcast-analytics-incomplete');

      await page.unroute(FEED_ANALYTICS);
      await failure.getByRole('button', { name: analyticsMessages.retry }).click();
      await feedSection.getByRole('group', { name: feedAnalyticsMessages.totalRequests }).waitFor();
      await banner.waitFor({ state: 'detached' });
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'shows the loading state while both requests are under way, and Failed to load analytics with Retry when both fail',
    async () => {
      const requests = await holdThenRefuse(PODCAST_ANALYTICS, FEED_ANALYTICS);
      await openAnalytics(podcast, '?timeRange=1y');
      await page.getByRole('status').getByText(podcastAnalyticsMessages.loading).waitFor();
      await expectAccessibleInBothThemes(page, 'the podcast analytics screen loading');
      requests.release();
      const failure = page.getByRole('alert').filter({ hasText: analyticsMessages.loadFailed });
      await failure.waitFor();
      await expectAccessibleInBothThemes(page, 'the podcast analytics screen when nothing could be fetched');
      await screenshotInBothThemes(page.getByRole('main'), 'podcast-analytics-error');

      await requests.restore();
      await failure.getByRole('button', { name: analyticsMessages.retry }).click();
      await page.getByRole('group', { name: podcastAnalyticsMessages.overview.totalPlays }).waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'shows No Analytics Data for a podcast nobody has listened to yet, on the screen and on its dashboard card',
    async () => {
      await openAnalytics(emptyPodcast);
      await page.getByText(podcastAnalyticsMessages.noDataBody).waitFor();
      await page.getByText(analyticsMessages.noData, { exact: true }).waitFor();
      expect(
        await page.getByRole('link', { name: analyticsMessages.backToDashboard }).getAttribute('href'),
      ).toBe(`/p/${emptyPodcast.id}/dashboard`);
      await expectAccessibleInBothThemes(page, 'the podcast analytics screen without data');
      await screenshotInBothThemes(page.getByRole('main'), 'podcast-analytics-no-data');

      await page.getByRole('link', { name: analyticsMessages.backToDashboard }).click();
      await page
        .getByRole('region', { name: 'Analytics Overview' })
        .getByText(analyticsMessages.noData, { exact: true })
        .waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'fits a 320-pixel-wide screen without sideways scrolling',
    async () => {
      await page.setViewportSize({ width: 320, height: 800 });
      try {
        await openAnalytics(podcast);
        await page
          .getByRole('region', { name: feedAnalyticsMessages.title })
          .getByRole('group')
          .first()
          .waitFor();
        const widths = await page.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          viewport: document.documentElement.clientWidth,
        }));
        expect(widths.page).toBeLessThanOrEqual(widths.viewport);
        await expectAccessibleInBothThemes(page, 'the podcast analytics screen at 320 pixels');
        await screenshotInBothThemes(page.getByRole('main'), 'podcast-analytics-320');
      } finally {
        await page.setViewportSize({ width: 1280, height: 900 });
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'lets a viewer of the podcast read its analytics',
    async () => {
      const viewer = await signedUpContributor(app.browser, app.running.url, 'vera@example.com');
      try {
        const answer = await podcastAnswer('30d');
        await viewer.page.goto(`${app.running.url}/p/${podcast.id}/analytics`);
        await viewer.page
          .getByRole('group', { name: podcastAnalyticsMessages.overview.totalPlays, exact: true })
          .getByText(count(answer.overview.totalPlays), { exact: true })
          .waitFor();
        await viewer.page
          .getByRole('region', { name: feedAnalyticsMessages.title })
          .getByRole('group')
          .first()
          .waitFor();
        await expectAccessibleInBothThemes(viewer.page, 'the podcast analytics screen of a viewer');
      } finally {
        await viewer.context.close();
      }
    },
    JOURNEY_TIMEOUT_MS,
  );
});
