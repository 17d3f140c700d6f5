/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Episode, FeedStatus, FeedTestResult, MediaFile, Podcast } from '@castbase/contracts';
import { waitFor } from '@castbase/platform-testing';
import { expectAccessibleInBothThemes } from './support/accessibility.js';
import { createTestUser, type ApiClient } from './support/api-client.js';
import { insertEpisodeCopies } from './support/episode-copies.js';
import { apiOfDevice, uploadSeedMedia } from './support/episode-seed.js';
import { screenshotInBothThemes } from './support/review-screenshots.js';
import { startWebAppUnderTest, type WebAppUnderTest } from './support/web-app.js';
import { signedUpCreator } from './support/web-journey.js';

// The RSS Feed Management widget (spec 2 §2) in a real browser over the all-in-one process, whose feed tester may
// fetch the process's own feed on localhost (FEED_FETCH_ALLOW_PRIVATE): a new podcast's states, generation with its
// progress steps, Test Feed against the live feed and the analysis of its real score, copy, every URL, a private
// podcast's token, the Directories tab, and the settings' RSS section.

const JOURNEY_TIMEOUT_MS = 240_000;
const GENERATION_STEPS = [10, 30, 50, 70, 90, 100];
/** One more than FEED_VARIANT_SELECTOR_MIN_EPISODES. */
const VARIANT_SELECTOR_EPISODES = 251;

describe('RSS Feed Management widget', () => {
  let app: WebAppUnderTest;
  let context: BrowserContext;
  let page: Page;
  let api: ApiClient;
  let podcast: Podcast;
  let hidden: Podcast;
  let audio: MediaFile;

  const widget = () => page.getByRole('region', { name: 'RSS Feed Management' });
  const feedStatus = (target: Podcast) => api.ok<FeedStatus>('GET', `/api/podcasts/${target.id}/feed`);
  const openDashboard = async (target: Podcast) => {
    await page.goto(`${app.running.url}/p/${target.id}/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard Overview' }).waitFor();
    await widget().waitFor();
  };

  beforeAll(async () => {
    app = await startWebAppUnderTest('webrsswidget', {
      FEED_FETCH_ALLOW_PRIVATE: 'true',
      PLAN_EPISODES: '400',
    });
    const creator = await signedUpCreator(app.browser, app.running.url, ['Morning Signals']);
    [podcast] = creator.podcasts as [Podcast];
    api = apiOfDevice(creator.storageState, app.running.url);
    hidden = await api.ok<Podcast>('POST', '/api/podcasts', { name: 'Backstage', visibility: 'private' });
    ({ audio } = await uploadSeedMedia(api));
    // The feeds render each podcast's feed when it is created.
    await waitFor('both feeds', async () => {
      const answers = await Promise.all(
        [podcast, hidden].map((p) => api.call('GET', `/api/podcasts/${p.id}/feed`)),
      );
      if (answers.some((answer) => answer.status !== 200)) {
        throw new Error(
          `GET /feed answered ${answers.map((answer) => `${answer.status} ${JSON.stringify(answer.body)}`).join(', ')}`,
        );
      }
      return true;
    });

    context = await app.browser.newContext({
      storageState: creator.storageState,
      colorScheme: 'light',
      viewport: { width: 1280, height: 900 },
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.running.url });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
  }, JOURNEY_TIMEOUT_MS);

  afterAll(async () => {
    await context?.close();
    await app?.stop();
  }, JOURNEY_TIMEOUT_MS);

  it(
    "shows a new podcast's feed: not ready for directories, ready for its first episode, no test yet",
    async () => {
      await openDashboard(podcast);
      const status = widget().getByRole('status').filter({ hasText: 'RSS Feed Valid & Active' });
      await status.waitFor();
      const notReady = widget().getByRole('heading', { name: 'RSS Feed Not Ready' });
      await notReady.waitFor();
      await widget().getByText('Upload podcast artwork (1400x1400 minimum)').waitFor();
      expect(await widget().getByRole('link', { name: 'Go to Settings' }).getAttribute('href')).toBe(
        `/p/${podcast.id}/settings/podcast`,
      );
      await widget().getByRole('heading', { name: 'Ready for Your First Episode!' }).waitFor();
      expect(await widget().getByRole('link', { name: 'Upload First Episode' }).getAttribute('href')).toBe(
        `/p/${podcast.id}/upload`,
      );
      await widget().getByText('Test your feed to see its score').waitFor();
      expect(await widget().getByRole('button', { name: 'Regenerate RSS' }).isEnabled()).toBe(true);
      expect(await widget().getByRole('button', { name: 'View Details of the live test' }).count()).toBe(0);
      expect(await widget().getByRole('tab', { name: 'Feed URLs' }).isDisabled()).toBe(false);
      expect(
        await widget()
          .getByRole('switch', { name: /Auto-refresh/ })
          .isChecked(),
      ).toBe(false);
      await expectAccessibleInBothThemes(page, 'the RSS widget of a new podcast');
      await screenshotInBothThemes(widget(), 'rss-widget-new-podcast');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "shows the generator's own check of a new podcast without artwork, apart from the live test: its score and errors",
    async () => {
      const { validation } = await feedStatus(podcast);
      expect(validation).not.toBeNull();
      const report = validation!;
      const errors = report.errors.map((issue) => issue.message);
      expect(errors).toEqual(expect.arrayContaining(['No episodes found', 'Missing iTunes image']));
      expect(report.valid).toBe(false);

      await openDashboard(podcast);
      const check = widget().getByRole('region', { name: 'Generator check' });
      await check.getByText(`Score ${report.score}/100`, { exact: true }).waitFor();
      const s = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
      await check
        .getByText(`${s(report.errors.length, 'error')}, ${s(report.warnings.length, 'warning')}`)
        .waitFor();
      await check.getByText('What Castbase checked while writing your feed').waitFor();
      await check.getByRole('button', { name: 'View Details of the generator check' }).click();
      const details = page.getByRole('dialog', { name: 'Generator Check' });
      await details.waitFor();
      await details
        .getByText('Test Feed is different: it fetches your live feed', { exact: false })
        .waitFor();
      await details.getByText(`Errors (${report.errors.length})`).waitFor();
      for (const error of errors) await details.getByText(error, { exact: true }).waitFor();
      expect(await page.getByRole('dialog', { name: 'RSS Feed Analysis' }).count()).toBe(0);
      await expectAccessibleInBothThemes(page, "the generator's check of a new podcast without artwork");
      await screenshotInBothThemes(details, 'rss-widget-generator-check');
      await details.getByRole('button', { name: 'Close' }).last().click();
      await details.waitFor({ state: 'hidden' });
      await screenshotInBothThemes(check, 'rss-widget-generator-check-line');
      // Opened from the keyboard's point of view and closed with Escape, focus goes back to View Details (the audit
      // above switched themes while the dialog was open, so focus is checked on a second opening).
      await explain(
        check.getByRole('button', { name: 'View Details of the generator check' }),
        'Generator Check',
        null,
      );
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'regenerates with the progress bar stepping 10, 30, 50, 70, 90 and 100 once the server has answered',
    async () => {
      await openDashboard(podcast);
      const before = await feedStatus(podcast);
      await page.evaluate(() => {
        const seen: number[] = [];
        (window as unknown as { progressSeen: number[] }).progressSeen = seen;
        new MutationObserver(() => {
          const bar = document.querySelector('[aria-label="RSS feed generation progress"]');
          const value = Number(bar?.getAttribute('aria-valuenow'));
          if (bar && value > 0 && seen.at(-1) !== value) seen.push(value);
        }).observe(document.body, { subtree: true, childList: true, attributes: true });
      });
      await widget().getByRole('button', { name: 'Regenerate RSS' }).click();
      await widget().getByText('Generating RSS Feed...').waitFor();
      await waitFor('the bar at 100', () =>
        page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen.includes(100)),
      );
      await widget().getByText('RSS Feed Valid & Active').waitFor();
      await waitFor('the bar reset', async () => (await widget().getByRole('progressbar').count()) === 0);
      const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
      expect(seen[0]).toBe(10);
      expect(seen.at(-1)).toBe(100);
      // Every value is a step, in order: the steps reached before the answer, then 100.
      expect(seen).toEqual(GENERATION_STEPS.filter((step) => seen.includes(step)));
      const after = await feedStatus(podcast);
      expect(Date.parse(after.generatedAt)).toBeGreaterThanOrEqual(Date.parse(before.generatedAt));
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'tests the live feed and shows its real score in the analysis, kept after a reload; an episode raises it',
    async () => {
      await openDashboard(podcast);
      await widget().getByRole('button', { name: 'Test Feed' }).click();
      const analysis = page.getByRole('dialog', { name: 'RSS Feed Analysis' });
      await analysis.waitFor();
      const stored = await api.ok<{ result: FeedTestResult | null }>(
        'GET',
        `/api/podcasts/${podcast.id}/feed/test`,
      );
      const first = stored.result as FeedTestResult;
      expect(first.isAccessible).toBe(true);
      expect(first.httpStatus).toBe(200);
      expect(first.errors).toContain('No episodes found');
      expect(first.errors).not.toContain('Missing channel title');
      await analysis.getByRole('img', { name: `Feed score: ${first.score}/100` }).waitFor();
      for (const error of first.errors) await analysis.getByText(error, { exact: true }).waitFor();
      await analysis.getByText(`Errors (${first.errors.length})`).waitFor();
      await analysis.getByText('Spotify: Not compatible').waitFor();
      await analysis
        .getByText(first.isPodcasting20 ? 'Podcast Index: Compatible' : 'Podcast Index: Not compatible')
        .waitFor();
      await expectAccessibleInBothThemes(page, 'the RSS Feed Analysis of a feed without episodes');
      await screenshotInBothThemes(analysis, 'rss-widget-analysis');
      await analysis.getByRole('button', { name: 'Close' }).last().click();
      await analysis.waitFor({ state: 'hidden' });
      await widget().getByText(`RSS Feed Has Issues (Score: ${first.score}/100)`).waitFor();
      await screenshotInBothThemes(widget(), 'rss-widget-has-issues');

      // A published episode: the feed is generated again and the next test no longer misses episodes.
      const episode = await api.ok<Episode>('POST', `/api/podcasts/${podcast.id}/episodes`, {
        title: 'Pilot',
        mediaId: audio.id,
      });
      await api.ok('POST', `/api/episodes/${episode.id}/publish`);
      // Publishing is followed by more catalog events; the banner says Needs Update until the last is generated.
      await waitFor('the episode in the feed, nothing pending', async () => {
        const status = await feedStatus(podcast);
        return status.episodeCount === 1 && !status.needsUpdate;
      });
      await page.reload();
      await widget().getByText(`RSS Feed Has Issues (Score: ${first.score}/100)`).waitFor();
      await widget().getByRole('button', { name: 'View Details of the live test' }).click();
      await analysis.getByRole('img', { name: `Feed score: ${first.score}/100` }).waitFor();
      await page.keyboard.press('Escape');
      await analysis.waitFor({ state: 'hidden' });

      await widget().getByRole('button', { name: 'Test Feed' }).click();
      await analysis.getByRole('img', { name: `Feed score: ${first.score + 20}/100` }).waitFor();
      expect(await analysis.getByText('No episodes found').count()).toBe(0);
      await page.keyboard.press('Escape');
      expect(await widget().getByRole('heading', { name: 'Ready for Your First Episode!' }).count()).toBe(0);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'copies the feed address (Copied! for 2 s), links its XML, and lists every address under All URLs',
    async () => {
      const status = await feedStatus(podcast);
      await openDashboard(podcast);
      await widget().getByRole('tab', { name: 'Feed URLs' }).click();
      const panel = widget().getByRole('tabpanel', { name: 'Feed URLs' });
      await panel.getByText(status.url, { exact: true }).waitFor();
      expect(await panel.getByRole('link', { name: /^View XML: Main feed/ }).getAttribute('href')).toBe(
        status.url,
      );
      expect(await widget().getByText('🔒 Token required').count()).toBe(0);
      expect(await panel.getByLabel('Feed variant').count()).toBe(0);

      await panel.getByRole('button', { name: 'Copy Main feed' }).click();
      const copied = panel.getByRole('button', { name: 'Copied!' });
      await copied.waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(status.url);
      const copiedAt = Date.now();
      await copied.waitFor({ state: 'hidden', timeout: 5_000 });
      expect(Date.now() - copiedAt).toBeGreaterThan(1_000);
      await panel.getByRole('button', { name: 'Copy Main feed' }).waitFor();
      await expectAccessibleInBothThemes(page, 'the Feed URLs tab');
      await screenshotInBothThemes(widget(), 'rss-widget-feed-urls');

      await panel.getByRole('button', { name: 'All URLs' }).click();
      const all = page.getByRole('dialog', { name: 'All RSS Feed URLs' });
      await all.waitFor();
      for (const url of [status.urls.main, status.urls.recent, status.urls.preview]) {
        await all.getByRole('link', { name: url, exact: true }).waitFor();
      }
      await all.getByText('Recent episodes (50)').waitFor();
      await expectAccessibleInBothThemes(page, 'the All RSS Feed URLs dialog');
      await page.keyboard.press('Escape');
      await all.waitFor({ state: 'hidden' });
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "shows a private podcast's badge and token addresses, and tests its feed through the token",
    async () => {
      const status = await feedStatus(hidden);
      expect(status.private).toBe(true);
      expect(status.url).toContain('token=');
      await openDashboard(hidden);
      await widget().getByRole('tab', { name: 'Feed URLs' }).click();
      const panel = widget().getByRole('tabpanel', { name: 'Feed URLs' });
      await widget().getByText('🔒 Token required', { exact: true }).waitFor();
      await panel.getByText(status.url, { exact: true }).waitFor();
      await screenshotInBothThemes(widget(), 'rss-widget-private');
      await expectAccessibleInBothThemes(page, 'the Feed URLs tab of a private podcast');

      await widget().getByRole('tab', { name: 'Status' }).click();
      await widget().getByRole('button', { name: 'Test Feed' }).click();
      const analysis = page.getByRole('dialog', { name: 'RSS Feed Analysis' });
      await analysis.waitFor();
      const { result } = await api.ok<{ result: FeedTestResult }>(
        'GET',
        `/api/podcasts/${hidden.id}/feed/test`,
      );
      expect(result.isAccessible).toBe(true);
      expect(result.httpStatus).toBe(200);
      await page.keyboard.press('Escape');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'offers the variant selector above 250 published episodes, All Feed Variants listing every address',
    async () => {
      const archive = await api.ok<Podcast>('POST', '/api/podcasts', { name: 'Archive Hour' });
      const titles = Array.from(
        { length: VARIANT_SELECTOR_EPISODES },
        (_, index) => `Back issue ${index + 1}`,
      );
      // The first is published through the API, the others are copies of it written to the catalog in one statement;
      // then the feeds are generated again (Regenerate RSS's request), reading them all.
      const first = await api.ok<Episode>('POST', `/api/podcasts/${archive.id}/episodes`, {
        title: titles[0],
        mediaId: audio.id,
        status: 'published',
      });
      await insertEpisodeCopies(app.database, first.id, titles.slice(1));
      await api.ok<FeedStatus>('POST', `/api/podcasts/${archive.id}/feed`);
      const status = await waitFor(
        'every episode in the feeds',
        async () => {
          const answer = await api.call<FeedStatus>('GET', `/api/podcasts/${archive.id}/feed`);
          const body = answer.body;
          return answer.status === 200 &&
            body.feedEpisodeCount === VARIANT_SELECTOR_EPISODES &&
            !body.needsUpdate
            ? body
            : undefined;
        },
        { timeoutMs: 60_000, intervalMs: 100 },
      );
      // Archive pages and the full feed begin above 300 episodes (spec 2 §9).
      expect(status.urls.archives).toEqual([]);
      expect(status.urls.full).toBeNull();

      await openDashboard(archive);
      await widget().getByRole('tab', { name: 'Feed URLs' }).click();
      const panel = widget().getByRole('tabpanel', { name: 'Feed URLs' });
      const selector = panel.getByLabel('Feed variant');
      await selector.waitFor();
      await panel.getByText(status.urls.main, { exact: true }).waitFor();
      await selector.click();
      const options = page.getByRole('option');
      await options.first().waitFor();
      expect(await options.allInnerTexts()).toEqual([
        'Main feed',
        'Recent episodes (50)',
        'Preview (10)',
        'All Feed Variants',
      ]);
      await page.getByRole('option', { name: 'All Feed Variants' }).click();
      for (const url of [status.urls.main, status.urls.recent, status.urls.preview]) {
        await panel.getByText(url, { exact: true }).waitFor();
      }
      await expectAccessibleInBothThemes(page, 'the Feed URLs tab with every variant');
      await screenshotInBothThemes(widget(), 'rss-widget-all-variants');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'lets a viewer of the podcast test its feed and read the result, and answers a stranger 404 without running it',
    async () => {
      const viewer = api.as(await createTestUser('vera'));
      const stranger = api.as(await createTestUser('mallory'));
      await api.ok('POST', `/api/podcasts/${podcast.id}/contributors`, {
        email: 'vera@example.com',
        role: 'viewer',
      });
      await viewer.ok('GET', '/api/podcasts');
      // The owner's test first, so the stranger's refused attempts have a result they must not replace.
      const before = {
        result: await api.ok<FeedTestResult>('POST', `/api/podcasts/${podcast.id}/feed/test`),
      };

      for (const method of ['POST', 'GET']) {
        const refused = await stranger.call<{ code: string }>(
          method,
          `/api/podcasts/${podcast.id}/feed/test`,
        );
        expect(refused.status).toBe(404);
        expect(refused.body.code).toBe('PODCAST_NOT_FOUND');
      }
      const unchanged = await api.ok<{ result: FeedTestResult }>(
        'GET',
        `/api/podcasts/${podcast.id}/feed/test`,
      );
      expect(unchanged.result.lastTested).toBe(before.result.lastTested);

      const tested = await viewer.ok<FeedTestResult>('POST', `/api/podcasts/${podcast.id}/feed/test`);
      expect(tested.isAccessible).toBe(true);
      expect(Date.parse(tested.lastTested)).toBeGreaterThan(Date.parse(before.result.lastTested));
      expect(JSON.stringify(tested)).not.toContain('token');
      const read = await viewer.ok<{ result: FeedTestResult }>(
        'GET',
        `/api/podcasts/${podcast.id}/feed/test`,
      );
      expect(read.result).toEqual(tested);

      const invalidId = await api.call<{ code: string }>('POST', '/api/podcasts/not-a-uuid/feed/test');
      expect(invalidId.status).toBe(400);

      const openApi = (await (await fetch(`${app.running.url}/api/docs/openapi.json`)).json()) as {
        paths: Record<string, Record<string, unknown>>;
      };
      expect(Object.keys(openApi.paths['/api/podcasts/{podcastId}/feed/test'] ?? {}).sort()).toEqual([
        'get',
        'post',
      ]);
      expect(JSON.stringify(openApi.paths['/api/podcasts/{podcastId}/feed/test'])).toContain(
        'isPodcasting20',
      );
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'shows the directories in their tab with the Submission Guide, and the same widget in the settings',
    async () => {
      await page.goto(`${app.running.url}/p/${podcast.id}/settings/rss`);
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      expect(await page.getByRole('tab', { name: 'RSS' }).getAttribute('aria-selected')).toBe('true');
      await widget().getByRole('button', { name: 'Test Feed' }).waitFor();
      await screenshotInBothThemes(page.getByRole('main'), 'settings-rss');
      await widget().getByRole('tab', { name: 'Directories' }).click();
      const panel = widget().getByRole('tabpanel', { name: 'Directories' });
      await panel.getByText('Apple Podcasts').first().waitFor();
      await panel.getByRole('button', { name: 'Submission Guide' }).click();
      const guide = page.getByRole('dialog', { name: 'Submission Guide' });
      await guide.waitFor();
      expect(await guide.getByRole('listitem').count()).toBe(5);
      await guide.getByRole('rowheader', { name: 'Apple Podcasts' }).waitFor();
      await guide.getByRole('cell', { name: '1 to 7 days' }).waitFor();
      await expectAccessibleInBothThemes(page, 'the Submission Guide');
      await screenshotInBothThemes(guide, 'rss-widget-submission-guide');
      await page.keyboard.press('Escape');
      await guide.waitFor({ state: 'hidden' });
      await screenshotInBothThemes(widget(), 'rss-widget-directories');

      await explain(
        widget().getByRole('button', { name: 'What is RSS?' }),
        'What is RSS?',
        'Learn more about RSS',
      );
      await explain(
        widget().getByRole('button', { name: 'Podcasting 2.0' }),
        'Podcasting 2.0',
        'Visit Podcast Index',
      );
      await expectAccessibleInBothThemes(page, 'the RSS section of Settings');

      await page.getByRole('tab', { name: 'Account' }).click();
      await page.waitForURL(/settings\?section=account$/);
      await page.getByRole('tab', { name: 'RSS' }).click();
      await page.waitForURL(`${app.running.url}/p/${podcast.id}/settings/rss`);
      await widget().waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );

  /** Opens a dialog from `button`, checks its outside link opens a new tab, closes it with Escape: focus comes back. */
  async function explain(button: Locator, title: string, link: string | null): Promise<void> {
    await button.click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    if (link)
      expect(await dialog.getByRole('link', { name: new RegExp(link) }).getAttribute('target')).toBe(
        '_blank',
      );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await waitFor('focus back on the button', () =>
      button.evaluate((element) => element === document.activeElement),
    );
  }
});
