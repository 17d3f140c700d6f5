/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { BrowserContext, Download, Page } from 'playwright-core';
import {
  analyticsExportDataSchema,
  exportFileName,
  exportMessages,
  type AnalyticsExportConfigInput,
  type AnalyticsExportData,
  type Episode,
  type FeedStatus,
  type Podcast,
} from '@castbase/contracts';
import { parseCsv, renderPdfPages, waitFor } from '@castbase/platform-testing';
import { DownloadCounter } from '../../libs/analytics/src/counting/download-counter.js';
import { describedTextOf, expectAccessibleInBothThemes } from './support/accessibility.js';
import { createTestUser, type ApiClient } from './support/api-client.js';
import { apiOfDevice, uploadSeedAudio } from './support/episode-seed.js';
import { screenshotInBothThemes } from './support/review-screenshots.js';
import { startWebAppUnderTest, type WebAppUnderTest } from './support/web-app.js';
import { signedUpCreator } from './support/web-journey.js';

// The analytics export (spec 3 §2.4, §9) over the all-in-one process: downloads through the enclosure redirect from
// three podcast apps, a session of Castbase's player and feed fetches, counted by the real counter; the files the
// server streams for them (CSV parsed back, JSON checked against its schema, the PDF rendered to PNG pages with
// MuPDF); and the Export Analytics Data dialog on the podcast analytics screen, audited in both themes, downloading
// each format with the server's file name.

const TIMEOUT_MS = 240_000;

/** One query on its own connection. */
async function query<R extends pg.QueryResultRow>(url: string, sql: string, values: unknown[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query<R>(sql, values);
  } finally {
    await client.end();
  }
}
const USER_AGENTS = {
  overcast: 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)',
  antennapod: 'de.danoeh.antennapod/3.4.0 (Linux;Android 14) ExoPlayerLib/2.19.1',
  apple: 'Podcasts/4022.610.1 CFNetwork/1408.0.4 Darwin/22.5.0',
};
const ALL_METRICS = ['plays', 'listeners', 'completion', 'duration', 'bandwidth'] as const;
/** The chart's bars and line in the PDF: #1c7ed6. */
const BAR_BLUE = [0x1c, 0x7e, 0xd6] as const;

describe('Analytics export: the files the server streams and the Export Analytics Data dialog', () => {
  let app: WebAppUnderTest;
  let context: BrowserContext;
  let page: Page;
  let api: ApiClient;
  let podcast: Podcast;
  let pilot: Episode;
  let second: Episode;
  const today = () => new Date().toISOString().slice(0, 10);

  /** POST …/analytics/export as the creator (or another caller): the raw answer, whatever its type. */
  const exportCall = (config: unknown, caller: ApiClient = api) =>
    fetch(`${app.running.url}/api/podcasts/${podcast.id}/analytics/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${caller.user!.token}` },
      body: JSON.stringify(config),
    });
  const exportJson = async (config: AnalyticsExportConfigInput): Promise<AnalyticsExportData> => {
    const response = await exportCall({ ...config, format: 'json' });
    if (response.status !== 200)
      throw new Error(`export answered ${response.status}: ${await response.text()}`);
    return analyticsExportDataSchema.parse(await response.json());
  };

  beforeAll(async () => {
    app = await startWebAppUnderTest('webanalyticsexport');
    const creator = await signedUpCreator(app.browser, app.running.url, ['Morning Signals']);
    [podcast] = creator.podcasts as [Podcast];
    api = apiOfDevice(creator.storageState, app.running.url);
    const audio = await uploadSeedAudio(api);
    const publish = async (title: string) => {
      const draft = await api.ok<Episode>('POST', `/api/podcasts/${podcast.id}/episodes`, {
        title,
        mediaId: audio.id,
      });
      return api.ok<Episode>('POST', `/api/episodes/${draft.id}/publish`);
    };
    pilot = await publish('Pilot: where it all began');
    second = await publish('The second one');

    // Three apps play the pilot and Overcast the second one: four plays by three listeners. Each app follows the
    // redirect and takes the whole file from Castbase's own storage, which reports the bytes it sent: a download is
    // counted from those.
    const download = async (episode: Episode, userAgent: string) => {
      const location = await waitFor(`a 302 for ${episode.title}`, async () => {
        const response = await fetch(`${app.running.url}/e/${podcast.id}/${episode.id}/tone.mp3`, {
          redirect: 'manual',
          headers: { 'user-agent': userAgent },
        });
        return response.status === 302 ? response.headers.get('location') : undefined;
      });
      const media = await fetch(new URL(location, app.running.url), { headers: { 'user-agent': userAgent } });
      expect(media.status).toBe(200);
      expect((await media.arrayBuffer()).byteLength).toBe(Number(media.headers.get('content-length')));
    };
    for (const userAgent of Object.values(USER_AGENTS)) await download(pilot, userAgent);
    await download(second, USER_AGENTS.overcast);
    // Castbase's player heard three of the pilot's four seconds.
    const sessionId = randomUUID();
    for (const [event, seconds] of [
      ['start', 0],
      ['end', 3],
    ] as const) {
      const response = await fetch(`${app.running.url}/e/beacons`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          podcastId: podcast.id,
          episodeId: pilot.id,
          sessionId,
          event,
          positionSeconds: seconds,
          listenedSeconds: seconds,
          durationSeconds: 4,
          player: 'page',
        }),
      });
      expect(response.status).toBe(204);
    }
    // Overcast fetches the feed twice.
    const feed = await api.ok<FeedStatus>('GET', `/api/podcasts/${podcast.id}/feed`);
    for (let fetchCount = 0; fetchCount < 2; fetchCount += 1) {
      expect((await fetch(feed.url, { headers: { 'user-agent': USER_AGENTS.overcast } })).status).toBe(200);
    }
    // The process's counter counts, every 10 seconds, the requests at least 30 seconds old, so that it passes over
    // none still on its way to PostgreSQL. Once the four requests and what storage sent of each are in the database
    // nothing is on its way: the process's own counter is run on them now, as its timer would half a minute later.
    await waitFor('the four requests and the bytes sent of each in the database', async () => {
      const { rows } = await query<{ requests: number; delivered: number }>(
        app.database.url,
        `select count(*)::int as requests, count(d.request_id)::int as delivered
           from analytics.download_requests r
           left join analytics.download_deliveries d on d.request_id = r.id and d.complete
          where r.podcast_id = $1`,
        [podcast.id],
      );
      return rows[0]?.requests === 4 && rows[0].delivered === 4;
    });
    await app.running.app.get(DownloadCounter, { strict: false }).countNow({ settleMs: 0 });
    await waitFor(
      'the plays counted, the session and the feed requests recorded',
      async () => {
        const data = await exportJson({ metrics: [...ALL_METRICS], range: { kind: 'preset', range: '7d' } });
        return data.totals.plays === 4 && data.totals.completion !== null && (data.totals.bandwidth ?? 0) > 0;
      },
      { timeoutMs: 120_000, intervalMs: 1_000 },
    );

    context = await app.browser.newContext({
      storageState: creator.storageState,
      colorScheme: 'light',
      viewport: { width: 1280, height: 900 },
      // The creator set no time zone: the custom range's fields are the browser's, UTC here.
      timezoneId: 'UTC',
      acceptDownloads: true,
    });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
  }, TIMEOUT_MS);

  afterAll(async () => {
    await context?.close();
    await app?.stop();
  }, TIMEOUT_MS);

  it(
    'streams the JSON of the real figures: plays counted, listeners distinct, listening and feed bytes measured',
    async () => {
      const data = await exportJson({
        metrics: [...ALL_METRICS],
        includeRawData: true,
        range: { kind: 'preset', range: '7d' },
      });
      expect(data.podcast).toEqual({ id: podcast.id, name: 'Morning Signals' });
      // The podcast's first plays are today's: the days before it are left out.
      expect(data.periods.map((period) => period.period)).toEqual([today()]);
      // Three listeners made four plays: distinct listeners, not 70 % of the plays.
      expect(data.totals).toMatchObject({ plays: 4, listeners: 3, completion: 75, duration: 3 });
      expect(data.periods.at(-1)).toMatchObject({ period: today(), values: { plays: 4, listeners: 3 } });
      expect(data.detailed?.topEpisodes.map((episode) => [episode.title, episode.plays])).toEqual([
        [pilot.title, 3],
        [second.title, 1],
      ]);
      expect(data.detailed?.topApps.map((app) => [app.app, app.plays])).toEqual([
        ['Overcast', 2],
        ['AntennaPod', 1],
        ['Apple Podcasts', 1],
      ]);
    },
    TIMEOUT_MS,
  );

  it(
    "uses the custom range, groups by week and month, and answers an episode's own export",
    async () => {
      const yesterday = new Date(Date.now() - 86_400_000);
      const beforeToday = await exportJson({
        metrics: ['plays'],
        range: {
          kind: 'custom',
          from: new Date(Date.now() - 5 * 86_400_000).toISOString(),
          to: yesterday.toISOString(),
        },
      });
      expect(beforeToday.totals.plays).toBe(0);
      expect(beforeToday.periods.map((period) => period.period)).not.toContain(today());
      const includingToday = await exportJson({
        metrics: ['plays'],
        range: {
          kind: 'custom',
          from: yesterday.toISOString(),
          to: new Date(Date.now() + 60_000).toISOString(),
        },
      });
      expect(includingToday.totals.plays).toBe(4);

      const weekly = await exportJson({
        metrics: ['plays'],
        groupBy: 'week',
        range: { kind: 'preset', range: '30d' },
      });
      expect(weekly.periods.every((period) => new Date(`${period.period}T00:00:00Z`).getUTCDay() === 1)).toBe(
        true,
      );
      expect(weekly.periods.at(-1)!.values.plays).toBe(4);
      const monthly = await exportJson({
        metrics: ['plays'],
        groupBy: 'month',
        range: { kind: 'preset', range: '1y' },
      });
      expect(monthly.periods.at(-1)).toMatchObject({ period: today().slice(0, 7), values: { plays: 4 } });

      const ofSecond = await exportJson({ metrics: ['plays', 'bandwidth'], episodeId: second.id });
      expect(ofSecond.episode).toEqual({ id: second.id, title: second.title });
      expect(ofSecond.totals).toEqual({ plays: 1, bandwidth: null });
    },
    TIMEOUT_MS,
  );

  it(
    "refuses a bad config with the contracts' message and another user's podcast with 404, never a 500",
    async () => {
      const noMetric = await exportCall({ metrics: [] });
      expect(noMetric.status).toBe(400);
      expect(await noMetric.json()).toMatchObject({ message: `metrics: ${exportMessages.metricRequired}` });
      const backwards = await exportCall({
        range: { kind: 'custom', from: new Date().toISOString(), to: '2020-01-01T00:00:00Z' },
      });
      expect(await backwards.json()).toMatchObject({
        message: `range.to: ${exportMessages.fromNotBeforeTo}`,
      });
      const stranger = await exportCall({}, api.as(await createTestUser('mallory')));
      expect(stranger.status).toBe(404);
      expect(await stranger.json()).toMatchObject({ code: 'PODCAST_NOT_FOUND' });
    },
    TIMEOUT_MS,
  );

  it(
    'opens Export Analytics Data from the analytics screen, audited in both themes, the custom range checked at its field',
    async () => {
      const dialog = await openDialog(true);
      for (const text of ['Best for spreadsheets', 'Best for developers', 'Best for reports']) {
        await dialog.getByText(text, { exact: true }).waitFor();
      }
      expect(await dialog.getByRole('radio', { name: 'Last 30 Days' }).isChecked()).toBe(true);
      expect(await dialog.getByRole('radio', { name: /CSV/ }).getAttribute('aria-checked')).toBe('true');
      expect(await dialog.getByRole('checkbox', { name: 'Total Plays' }).isChecked()).toBe(true);
      expect(await dialog.getByRole('checkbox', { name: 'Unique Listeners' }).isChecked()).toBe(true);
      await dialog.getByText(exportFileName(['plays', 'listeners'], new Date(), 'csv')).waitFor();
      await dialog.getByText(exportMessages.estimatedSize(200)).waitFor();
      await expectAccessibleInBothThemes(page, 'the Export Analytics Data dialog');
      await screenshotInBothThemes(dialog, 'analytics-export-dialog');

      await dialog.getByRole('checkbox', { name: exportMessages.includeRawData }).check();
      await dialog.getByText(exportMessages.rawDataWarning).waitFor();
      await dialog.getByText(exportMessages.estimatedSize(1000)).waitFor();
      for (const metric of ['Total Plays', 'Unique Listeners'])
        await dialog.getByRole('checkbox', { name: metric }).uncheck();
      await dialog.getByText(exportMessages.metricRequired).waitFor();
      expect(await dialog.getByRole('button', { name: 'Export CSV' }).isDisabled()).toBe(true);
      await dialog.getByRole('checkbox', { name: 'Total Plays' }).check();

      await dialog.getByRole('tab', { name: exportMessages.customRange }).click();
      const from = dialog.getByLabel(exportMessages.fromDate);
      const to = dialog.getByLabel(exportMessages.toDate);
      await from.fill('2026-01-10T10:00');
      await to.fill('2026-01-05T10:00');
      await dialog.getByRole('button', { name: 'Export CSV' }).click();
      expect(await describedTextOf(to)).toContain(exportMessages.fromNotBeforeTo);
      await waitFor('focus on To Date', () => to.evaluate((element) => element === document.activeElement));
      await expectAccessibleInBothThemes(page, 'the Export dialog with the custom range refused');
      await screenshotInBothThemes(dialog, 'analytics-export-dialog-custom-range-error');
      await dialog.getByRole('button', { name: exportMessages.cancel }).click();
      await dialog.waitFor({ state: 'hidden' });
    },
    TIMEOUT_MS,
  );

  it(
    "downloads CSV, JSON and PDF from the dialog, each saved with the server's file name and holding the figures",
    async () => {
      // CSV of today alone, through the custom range.
      let dialog = await openDialog(true);
      await dialog.getByRole('tab', { name: exportMessages.customRange }).click();
      await dialog.getByLabel(exportMessages.fromDate).fill(localField(new Date(Date.now() - 3_600_000)));
      await dialog.getByLabel(exportMessages.toDate).fill(localField(new Date(Date.now() + 3_600_000)));
      const csvFile = await download(dialog, 'Export CSV');
      expect(csvFile.name).toBe(exportFileName(['plays', 'listeners'], new Date(), 'csv'));
      const rows = parseCsv(csvFile.text.replace(/^\uFEFF/, ''));
      expect(rows[0]).toEqual(['Date', 'Metric', 'Value']);
      expect(rows.slice(1, 3)).toEqual([
        [today(), 'Total Plays', '4'],
        [today(), 'Unique Listeners', '3'],
      ]);
      await dialog.waitFor({ state: 'hidden' });

      dialog = await openDialog();
      await dialog.getByRole('tab', { name: exportMessages.presetRanges }).click();
      await dialog.getByRole('radio', { name: 'Last 7 Days' }).check();
      await dialog.getByRole('radio', { name: /JSON/ }).click();
      const jsonFile = await download(dialog, 'Export JSON');
      expect(jsonFile.name).toBe(exportFileName(['plays', 'listeners'], new Date(), 'json'));
      const data = analyticsExportDataSchema.parse(JSON.parse(jsonFile.text));
      expect(data.range.preset).toBe('7d');
      expect(data.totals).toEqual({ plays: 4, listeners: 3 });

      dialog = await openDialog();
      await dialog.getByRole('radio', { name: /PDF/ }).click();
      await dialog.getByRole('checkbox', { name: 'Completion Rate' }).check();
      await dialog.getByRole('checkbox', { name: exportMessages.includeRawData }).check();
      const pdfFile = await download(dialog, 'Export PDF');
      expect(pdfFile.name).toBe(exportFileName(['plays', 'listeners', 'completion'], new Date(), 'pdf'));
      const pages = await renderPdfPages(pdfFile.bytes);
      expect(pages.length).toBeGreaterThanOrEqual(1);
      for (const rendered of pages) expect(rendered.inkRatio).toBeGreaterThan(0.01);
      expect(pages[0]!.pixelsNear(BAR_BLUE)).toBeGreaterThan(50);
      const text = pages
        .map((rendered) => rendered.text)
        .join(' ')
        .replace(/\s+/g, ' ');
      for (const expected of [
        'Morning Signals',
        'Total Plays 4',
        'Unique Listeners 3',
        'Completion Rate 75.0%',
        pilot.title,
      ]) {
        expect(text).toContain(expected);
      }
    },
    TIMEOUT_MS,
  );

  /** Opens the dialog on the analytics screen; `fresh` loads the screen again, so the dialog starts from its defaults. */
  async function openDialog(fresh = false) {
    if (fresh || !page.url().endsWith(`/p/${podcast.id}/analytics`)) {
      await page.goto(`${app.running.url}/p/${podcast.id}/analytics`);
    }
    await page.getByRole('button', { name: exportMessages.button }).first().click();
    const dialog = page.getByRole('dialog', { name: exportMessages.title });
    await dialog.waitFor();
    return dialog;
  }

  /** Presses the export button and reads the file the browser saved. */
  async function download(dialog: ReturnType<Page['getByRole']>, button: string) {
    const saved = page.waitForEvent('download');
    await dialog.getByRole('button', { name: button }).click();
    const file: Download = await saved;
    const bytes = await readFile(await file.path());
    return { name: file.suggestedFilename(), bytes, text: bytes.toString('utf8') };
  }

  /** 'YYYY-MM-DDTHH:mm' of an instant in the browser's time zone (UTC), as the fields hold it. */
  function localField(instant: Date): string {
    return instant.toISOString().slice(0, 16);
  }
});
