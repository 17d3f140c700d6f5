/// <reference lib="dom" />
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import {
  analyticsDeviceLabels,
  analyticsMessages,
  analyticsTimeRangeLabels,
  EPISODE_EXPORT_DEFAULT_METRICS,
  EXPORT_METRICS,
  exportMessages,
  exportMetricLabels,
  analyticsRangeStart,
  episodeAnalyticsMessages as text,
  errorCatalogue,
  formatMinutes,
  formatPercent,
  formatPercentChange,
  secondsToMinutes,
  utcDateKey,
  weekOverWeekTrend,
  type AnalyticsTimeRange,
  type Episode,
  type EpisodeAnalytics,
  type MediaFile,
  type Podcast,
} from '@castbase/contracts';
import { Gate, waitFor } from '@castbase/platform-testing';
import { expectAccessibleInBothThemes } from './support/accessibility.js';
import {
  distinctListeners,
  seedAnalytics,
  seededDownloads,
  type AnalyticsSeed,
} from './support/analytics-seed.js';
import type { ApiClient } from './support/api-client.js';
import { signedUpContributor } from './support/contributor-journey.js';
import { apiOfDevice } from './support/episode-seed.js';
import { createAndPublishEpisode, uploadFile } from './support/publish-flow.js';
import { screenshotInBothThemes } from './support/review-screenshots.js';
import { renderQuickToneMp3 } from './support/tone-media.js';
import { startWebAppUnderTest, type WebAppUnderTest } from './support/web-app.js';
import { signedUpCreator } from './support/web-journey.js';

// The episode analytics screen (spec 3 §2.2) in a real browser over the all-in-one process, on 120 days of analytics
// seeded by SQL: the figures shown are the API's answer formatted with the contracts' formatters, and the seed's
// sums; the ranges, every tab with its chart and lists, Refresh, an unplayed episode, a missing or foreign one, an
// episode heard only in other apps (completion not measured), and a viewer reading it.

const JOURNEY_TIMEOUT_MS = 240_000;
const EPISODE_SECONDS = 60;
const VIEWER_EMAIL = 'vera@example.com';
const count = (value: number) => value.toLocaleString('en-US');

describe('the episode analytics screen', () => {
  let app: WebAppUnderTest;
  let context: BrowserContext;
  let page: Page;
  let api: ApiClient;
  let podcast: Podcast;
  let featured: Episode;
  let unmeasured: Episode;
  let unplayed: Episode;
  let foreign: Episode;
  let seed: AnalyticsSeed;

  const screenPath = (episodeId: string, podcastId = podcast.id) =>
    `${app.running.url}/p/${podcastId}/episodes/${episodeId}/analytics`;
  const answerOf = (episode: Episode, range: AnalyticsTimeRange) =>
    api.ok<EpisodeAnalytics>(
      'GET',
      `/api/podcasts/${podcast.id}/episodes/${episode.id}/analytics?timeRange=${range}`,
    );
  const card = (label: string) => page.getByRole('group', { name: label });
  const main = () => page.getByRole('main');
  const open = async (episode: Episode) => {
    await page.goto(screenPath(episode.id));
    await page.getByRole('heading', { level: 1, name: episode.title }).waitFor();
  };

  beforeAll(async () => {
    app = await startWebAppUnderTest('webepisodeanalytics');
    const creator = await signedUpCreator(app.browser, app.running.url, ['Signal Hours', 'Other Show']);
    const [own, other] = creator.podcasts as [Podcast, Podcast];
    podcast = own;
    api = apiOfDevice(creator.storageState, app.running.url);
    await api.ok('POST', `/api/podcasts/${podcast.id}/contributors`, { email: VIEWER_EMAIL, role: 'viewer' });
    const folder = await mkdtemp(join(tmpdir(), 'castbase-episode-analytics-'));
    await renderQuickToneMp3(join(folder, 'talk.mp3'), EPISODE_SECONDS);
    const uploaded = await uploadFile(api, {
      input: join(folder, 'talk.mp3'),
      fileName: 'talk.mp3',
      fileType: 'audio/mpeg',
      purpose: 'episode-media',
    });
    const audio = await waitFor(
      'talk.mp3 to be processed',
      async () => {
        const file = await api.ok<MediaFile>('GET', `/api/media/${uploaded.id}`);
        if (file.status === 'failed') throw new Error(`Processing failed: ${JSON.stringify(file.jobs)}`);
        return file.status === 'ready' ? file : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 250 },
    );
    featured = await createAndPublishEpisode(api, podcast, audio, 'The Long Conversation');
    unmeasured = await createAndPublishEpisode(api, podcast, audio, 'Field Notes');
    unplayed = await createAndPublishEpisode(api, podcast, audio, 'Unplayed Pilot');
    foreign = await createAndPublishEpisode(api, other, audio, 'Elsewhere');
    seed = await seedAnalytics(app.database, {
      podcastId: podcast.id,
      ownerId: api.user!.id,
      episodes: [
        { episodeId: featured.id, durationSeconds: EPISODE_SECONDS, weight: 3, listened: true },
        { episodeId: unmeasured.id, durationSeconds: EPISODE_SECONDS, weight: 1, listened: false },
      ],
      days: 120,
      downloadsPerDay: 48,
      feedRequestsPerDay: 30,
      seed: 20_261_127,
    });

    context = await app.browser.newContext({
      storageState: creator.storageState,
      colorScheme: 'light',
      reducedMotion: 'reduce',
      viewport: { width: 1280, height: 900 },
    });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
  }, JOURNEY_TIMEOUT_MS);

  afterAll(async () => {
    await context?.close();
    await app?.stop();
  }, JOURNEY_TIMEOUT_MS);

  /** The four cards show the answer, and the answer is the seed's sums over the range the server took. */
  async function expectFigures(range: AnalyticsTimeRange): Promise<EpisodeAnalytics> {
    const answer = await answerOf(featured, range);
    const from = analyticsRangeStart(range, new Date(answer.generatedAt));
    const downloads = seededDownloads(seed, featured.id, from);
    expect(answer.totalPlays).toBe(downloads.length);
    expect(answer.uniqueListeners).toBe(distinctListeners(downloads));
    await card(text.cards.totalPlays).getByText(count(answer.totalPlays), { exact: true }).waitFor();
    await card(text.cards.uniqueListeners)
      .getByText(count(answer.uniqueListeners), { exact: true })
      .waitFor();
    await card(text.cards.completionRate)
      .getByText(formatPercent(answer.completionRate), { exact: true })
      .waitFor();
    await card(text.cards.averageListenDuration)
      .getByText(formatMinutes(secondsToMinutes(answer.averageListenSeconds)), { exact: true })
      .waitFor();
    await card(text.cards.totalPlays)
      .getByText(text.weekOverWeek(formatPercentChange(answer.playsTrend)))
      .waitFor();
    return answer;
  }

  it(
    "says 'Loading episode analytics...', then shows the header and four figures equal to the API's answer and the seed",
    async () => {
      const answered = new Gate();
      const analyticsCall = (url: URL) =>
        url.pathname === `/api/podcasts/${podcast.id}/episodes/${featured.id}/analytics`;
      await page.route(analyticsCall, async (route) => {
        await answered.opened;
        await route.continue();
      });
      await page.goto(screenPath(featured.id));
      await page.getByRole('status').getByText(text.loading).waitFor();
      await expectAccessibleInBothThemes(page, 'the episode analytics screen loading');
      await screenshotInBothThemes(main(), 'episode-analytics-loading');
      answered.open();
      await page.getByRole('heading', { level: 1, name: featured.title }).waitFor();
      await page.unroute(analyticsCall);

      const answer = await expectFigures('30d');
      await main()
        .getByText(new RegExp(`^${text.published} (\\d+ \\w+ ago|yesterday|now)$`))
        .waitFor();
      expect(await page.getByRole('combobox', { name: analyticsMessages.timeRange }).inputValue()).toBe(
        analyticsTimeRangeLabels['30d'],
      );
      expect(await page.getByRole('link', { name: text.back, exact: true }).getAttribute('href')).toBe(
        `/p/${podcast.id}/dashboard`,
      );
      // The trend is the last 7 days against the 7 before, from the seed's days.
      const daily = new Map<string, number>();
      for (const download of seededDownloads(seed, featured.id, null)) {
        const day = utcDateKey(download.countedAt);
        daily.set(day, (daily.get(day) ?? 0) + 1);
      }
      const days = [...daily].map(([date, plays]) => ({ date, plays }));
      expect(answer.playsTrend).toBeCloseTo(weekOverWeekTrend(days, new Date(answer.generatedAt)), 6);
      // Completion is the mean of the sessions' completion in the range.
      const from = analyticsRangeStart('30d', new Date(answer.generatedAt))!;
      const sessions = seed.sessions.filter((s) => s.episodeId === featured.id && s.startedAt >= from);
      const completion =
        sessions.reduce((sum, s) => sum + Math.min(100, (s.listenedSeconds * 100) / s.durationSeconds), 0) /
        sessions.length;
      expect(answer.completionRate).toBeCloseTo(completion, 3);

      await expectAccessibleInBothThemes(page, 'the episode analytics Overview');
      await screenshotInBothThemes(main(), 'episode-analytics-overview');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'shows the Overview: the score and its label, the four Key Insights, and one engagement figure at a time',
    async () => {
      const answer = await answerOf(featured, '30d');
      await open(featured);
      const summary = page.getByRole('region', { name: text.overview.performanceSummary });
      await summary.getByText(answer.performance!.label, { exact: true }).waitFor();
      await summary.getByText(String(answer.performance!.score), { exact: true }).waitFor();
      const insights = page.getByRole('region', { name: text.overview.keyInsights }).getByRole('listitem');
      expect(await insights.allTextContents()).toEqual(answer.insights.map((insight) => insight.text));

      const engagement = page.getByRole('region', { name: text.overview.engagementMetrics });
      await engagement.getByText(count(answer.totalPlays), { exact: true }).waitFor();
      await engagement.getByText(text.overview.engagementToggle.completion).click();
      await engagement.getByText(formatPercent(answer.completionRate), { exact: true }).waitFor();
      await engagement.getByText(text.overview.engagementToggle.duration).click();
      await engagement
        .getByText(formatMinutes(secondsToMinutes(answer.averageListenSeconds)), { exact: true })
        .waitFor();
      await expectAccessibleInBothThemes(page, 'the Overview with the duration figure');

      // The export starts with the episode screen's metrics: plays, completion and listen duration.
      await page.getByRole('button', { name: exportMessages.button }).click();
      const dialog = page.getByRole('dialog', { name: exportMessages.title });
      await dialog.waitFor();
      for (const metric of EXPORT_METRICS) {
        expect(await dialog.getByRole('checkbox', { name: exportMetricLabels[metric] }).isChecked()).toBe(
          EPISODE_EXPORT_DEFAULT_METRICS.includes(metric),
        );
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'draws each tab: plays over time, sources ranked, the top countries with medals, devices with their icons',
    async () => {
      const answer = await answerOf(featured, '30d');
      await open(featured);

      await page.getByRole('tab', { name: text.tabs.trends }).click();
      await page.getByRole('img', { name: text.trends.title }).waitFor();
      await page.getByText(text.trends.subtitle).waitFor();
      const trend = page.getByRole('list', { name: text.trends.title }).getByRole('listitem');
      expect(await trend.allTextContents()).toEqual(
        answer.playTrend.map((bucket) => `${bucket.label}: ${text.plays(bucket.plays)}`),
      );
      await expectAccessibleInBothThemes(page, 'the Trends tab');
      await screenshotInBothThemes(main(), 'episode-analytics-trends');

      await page.getByRole('tab', { name: text.tabs.sources }).click();
      await page.getByRole('img', { name: text.sources.title }).waitFor();
      const rows = main().locator(`ol[aria-label="${text.sources.title}"]`).getByRole('listitem');
      expect(await rows.count()).toBe(answer.sources.length);
      for (const [index, source] of answer.sources.entries()) {
        const row = rows.nth(index);
        await row.getByText(source.source, { exact: true }).waitFor();
        await row.getByText(text.plays(source.count), { exact: true }).waitFor();
        await row.getByText(text.ofTotalPlays(formatPercent(source.percent)), { exact: true }).waitFor();
      }
      await expectAccessibleInBothThemes(page, 'the Sources tab');
      await screenshotInBothThemes(main(), 'episode-analytics-sources');

      await page.getByRole('tab', { name: text.tabs.geography }).click();
      await page.getByRole('img', { name: text.geography.title }).waitFor();
      const chartRows = page.getByRole('list', { name: text.geography.title }).getByRole('listitem');
      expect(await chartRows.allTextContents()).toEqual(
        answer.countries.slice(0, 10).map((country) => `${country.name}: ${text.plays(country.plays)}`),
      );
      const cards = page.getByRole('list', { name: text.geography.cardsTitle }).getByRole('listitem');
      expect(await cards.count()).toBe(Math.min(12, answer.countries.length));
      for (const [index, country] of answer.countries.slice(0, 12).entries()) {
        await cards.nth(index).getByText(country.name, { exact: true }).waitFor();
        await cards.nth(index).getByText(text.plays(country.plays), { exact: true }).waitFor();
        await cards
          .nth(index)
          .getByText(text.ofTotalPlays(formatPercent(country.percent)))
          .waitFor();
      }
      await expectAccessibleInBothThemes(page, 'the Geography tab');
      await screenshotInBothThemes(main(), 'episode-analytics-geography');

      await page.getByRole('tab', { name: text.tabs.devices }).click();
      await page.getByRole('img', { name: text.devices.title }).waitFor();
      const deviceRows = main().locator(`ol[aria-label="${text.devices.title}"]`).getByRole('listitem');
      expect(await deviceRows.count()).toBe(answer.devices.length);
      for (const [index, device] of answer.devices.entries()) {
        await deviceRows
          .nth(index)
          .getByText(analyticsDeviceLabels[device.device], { exact: true })
          .waitFor();
        await deviceRows
          .nth(index)
          .getByText(text.ofTotalPlays(formatPercent(device.percent)))
          .waitFor();
        expect(await deviceRows.nth(index).locator('svg').count()).toBeGreaterThan(0);
      }
      await expectAccessibleInBothThemes(page, 'the Devices tab');
      await screenshotInBothThemes(main(), 'episode-analytics-devices');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'shows other figures for another range, keeps it in the address, and asks again on Refresh',
    async () => {
      await open(featured);
      const thirtyDays = await answerOf(featured, '30d');
      for (const range of ['7d', '1d', 'all'] as const) {
        await page.getByRole('combobox', { name: analyticsMessages.timeRange }).click();
        await page.getByRole('option', { name: analyticsTimeRangeLabels[range] }).click();
        await page.waitForURL(`${screenPath(featured.id)}?timeRange=${range}`);
        const answer = await expectFigures(range);
        if (range !== 'all') expect(answer.totalPlays).toBeLessThan(thirtyDays.totalPlays);
        else expect(answer.totalPlays).toBeGreaterThan(thirtyDays.totalPlays);
      }
      await page.getByRole('tab', { name: text.tabs.trends }).click();
      const trend = page.getByRole('list', { name: text.trends.title }).getByRole('listitem');
      expect(await trend.count()).toBe((await answerOf(featured, 'all')).playTrend.length);

      let asked = 0;
      page.on('request', (request) => {
        if (request.url().includes(`/episodes/${featured.id}/analytics?timeRange=all`)) asked += 1;
      });
      const refreshed = page.waitForResponse((response) =>
        response.url().includes(`/episodes/${featured.id}/analytics?timeRange=all`),
      );
      await page.getByRole('button', { name: analyticsMessages.refresh }).click();
      await refreshed;
      expect(asked).toBe(1);
      await card(text.cards.totalPlays)
        .getByText(count(seededDownloads(seed, featured.id, null).length))
        .waitFor();

      // A Refresh that fails leaves the figures on screen under a banner with Retry.
      const failing = (url: URL) => url.pathname.endsWith(`/episodes/${featured.id}/analytics`);
      await page.route(failing, (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }),
      );
      await page.getByRole('button', { name: analyticsMessages.refresh }).click();
      const banner = page.getByRole('alert').filter({ hasText: analyticsMessages.loadFailed });
      await banner.getByText(errorCatalogue.SERVICE_UNAVAILABLE.message).waitFor();
      await card(text.cards.totalPlays)
        .getByText(count(seededDownloads(seed, featured.id, null).length))
        .waitFor();
      await expectAccessibleInBothThemes(page, 'a failed Refresh');
      await page.unroute(failing);
      await banner.getByRole('button', { name: analyticsMessages.retry }).click();
      await banner.waitFor({ state: 'hidden' });
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'fits a 320 CSS pixel wide window (400 % zoom) on every tab without sideways scrolling',
    async () => {
      await page.setViewportSize({ width: 320, height: 800 });
      try {
        await open(featured);
        for (const tab of Object.values(text.tabs)) {
          await page.getByRole('tab', { name: tab }).click();
          await page.getByRole('tabpanel', { name: tab }).waitFor();
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect({ tab, overflow }).toEqual({ tab, overflow: 0 });
        }
        await screenshotInBothThemes(main(), 'episode-analytics-narrow');
      } finally {
        await page.setViewportSize({ width: 1280, height: 900 });
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'says what is not measured for an episode heard only in other apps, never 0',
    async () => {
      const answer = await answerOf(unmeasured, '30d');
      expect(answer.completionRate).toBeNull();
      expect(answer.averageListenSeconds).toBeNull();
      await open(unmeasured);
      await card(text.cards.totalPlays).getByText(count(answer.totalPlays), { exact: true }).waitFor();
      for (const label of [text.cards.completionRate, text.cards.averageListenDuration]) {
        await card(label).getByText(`${analyticsMessages.notMeasured}.`, { exact: true }).waitFor();
        await card(label).getByText(analyticsMessages.notMeasuredHint, { exact: false }).waitFor();
      }
      await page.getByText(text.overview.performanceNotMeasured).waitFor();
      await page.getByText(text.insights.completionNotMeasured).waitFor();
      await expectAccessibleInBothThemes(page, 'an episode without player sessions');
      await screenshotInBothThemes(main(), 'episode-analytics-not-measured');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "shows 'No Analytics Data' for an episode nobody played, with Back to Dashboard",
    async () => {
      await open(unplayed);
      await main().getByText(analyticsMessages.noData, { exact: true }).waitFor();
      await page.getByText(text.noDataBody).waitFor();
      await expectAccessibleInBothThemes(page, 'an unplayed episode');
      await screenshotInBothThemes(main(), 'episode-analytics-no-data');
      await page.getByRole('link', { name: analyticsMessages.backToDashboard }).click();
      await page.waitForURL(`${app.running.url}/p/${podcast.id}/dashboard`);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "says 'Episode not found' with Retry for an unknown id, another podcast's episode or no id at all",
    async () => {
      const message = errorCatalogue.EPISODE_NOT_FOUND.message;
      for (const episodeId of ['00000000-0000-4000-8000-000000000000', foreign.id, 'not-an-id']) {
        await page.goto(screenPath(episodeId));
        const alert = page.getByRole('alert');
        await alert.getByText(analyticsMessages.loadFailed).waitFor();
        await alert.getByText(message, { exact: true }).waitFor();
      }
      await expectAccessibleInBothThemes(page, 'the episode analytics error');
      await screenshotInBothThemes(main(), 'episode-analytics-error');

      await page.goto(screenPath(foreign.id));
      await page.getByRole('alert').getByText(message, { exact: true }).waitFor();
      const retried = page.waitForRequest((request) =>
        request.url().includes(`/episodes/${foreign.id}/analytics`),
      );
      await page.getByRole('button', { name: analyticsMessages.retry }).click();
      await retried;
      await page.getByRole('alert').getByText(message, { exact: true }).waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "lets a viewer of the podcast read the episode's analytics",
    async () => {
      const viewer = await signedUpContributor(app.browser, app.running.url, VIEWER_EMAIL);
      try {
        const them = viewer.page;
        await them.goto(`${app.running.url}/dashboard`);
        await them.waitForURL(/\/p\/[0-9a-f-]{36}\/dashboard$/);
        await them.goto(screenPath(featured.id));
        await them.getByRole('heading', { level: 1, name: featured.title }).waitFor();
        const answer = await answerOf(featured, '30d');
        await them
          .getByRole('group', { name: text.cards.totalPlays })
          .getByText(count(answer.totalPlays), { exact: true })
          .waitFor();
        await expectAccessibleInBothThemes(them, "a viewer's episode analytics");
      } finally {
        await viewer.context.close();
      }
    },
    JOURNEY_TIMEOUT_MS,
  );
});
