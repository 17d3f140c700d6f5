import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from '@jest/globals';
import { EXPORT_PDF_TOP_EPISODES, exportNotes, type AnalyticsExportData } from '@castbase/contracts';
import { renderPdfPages } from '@castbase/platform-testing';
import { axisTicks } from './pdf-chart.js';
import { renderExportPdf } from './export-pdf.js';
import { pdfText } from './pdf-text.js';
import { anExport, TRICKY_TITLES } from './testing/export-data.js';

/** The chart's bars: REPORT_COLORS.bar, #1c7ed6. */
const BAR_BLUE = [0x1c, 0x7e, 0xd6] as const;

const pagesOf = async (data: AnalyticsExportData) => renderPdfPages(await buffer(renderExportPdf(data)));
/** Text as MuPDF extracts it, its line breaks and spacing evened out. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('the PDF report (spec 3 §9): tables and a chart, not plain text', () => {
  it('renders a report of a month with the podcast, range, summary, chart, figures and top lists', async () => {
    const data = anExport();
    const pages = await pagesOf(data);

    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const page of pages) expect(page.inkRatio).toBeGreaterThan(0.01);
    const first = flat(pages[0]!.text);
    expect(first).toContain('Morning Signals');
    expect(first).toContain('Range: Custom Range: 2025-03-01 00:00 UTC to 2025-03-31 00:00 UTC');
    expect(first).toContain('Grouped: Daily');
    expect(first).toContain(`Total Plays ${data.totals.plays!.toLocaleString('en-US')}`);
    expect(first).toContain('Completion Rate 61.3%');
    expect(first).toContain('Listen Duration 12.2 min');
    expect(first).toContain('Bandwidth Usage 964.5 KB');
    expect(first).toContain('Total Plays per day');
    // The chart is drawn: blue bars on the first page.
    expect(pages[0]!.pixelsNear(BAR_BLUE)).toBeGreaterThan(2_000);

    const all = flat(pages.map((page) => page.text).join(' '));
    expect(all).toContain('Figures by day');
    const firstDay = data.periods[0]!;
    expect(all).toContain(`2025-03-01 ${firstDay.values.plays} ${firstDay.values.listeners}`);
    expect(all).toContain('Top Episodes');
    expect(all).toContain('Top Countries');
    expect(all).toContain('United States 500 62.5%');
    expect(all).toContain('Top Podcast Apps');
    expect(all).toContain('Apple Podcasts 400 50.0%');
    expect(all).toContain(flat(exportNotes.bandwidth));
    expect(all).toContain(`Page 1 of ${pages.length}`);
    expect(all).toContain(`Page ${pages.length} of ${pages.length}`);
  });

  it(`lists at most ${EXPORT_PDF_TOP_EPISODES} top episodes, titles in the characters of the embedded font`, async () => {
    const all = flat((await pagesOf(anExport())).map((page) => page.text).join(' '));
    for (const title of TRICKY_TITLES.slice(0, EXPORT_PDF_TOP_EPISODES))
      expect(all).toContain(flat(pdfText(title)));
    const other = await pagesOf({
      ...anExport(),
      podcast: { ...anExport().podcast, name: 'Łódź, Подкаст, Ελληνικά' },
    });
    expect(flat(other[0]!.text)).toContain('Łódź, Подкаст, Ελληνικά');
    expect(all).not.toContain('+1 for science');
    expect(pdfText('Ünïcödé 日本語 🎙️ show')).toBe('Ünïcödé ??? show');
    expect(pdfText('Ça, naïve — “quoted” Łódź, Подкаст, Ελληνικά, Tiếng Việt')).toBe(
      'Ça, naïve — “quoted” Łódź, Подкаст, Ελληνικά, Tiếng Việt',
    );
  });

  it('breaks a year of days over pages, the table header again on each', async () => {
    const data = anExport(365);
    const pages = await pagesOf(data);

    expect(pages.length).toBeGreaterThanOrEqual(9);
    for (const page of pages) expect(page.inkRatio).toBeGreaterThan(0.005);
    const tablePages = pages.filter((page) => /\b2025-0[4-9]-\d\d\b/.test(page.text));
    expect(tablePages.length).toBeGreaterThanOrEqual(5);
    for (const page of tablePages) expect(flat(page.text)).toContain('Date Total Plays Unique Listeners');
    const all = flat(pages.map((page) => page.text).join(' '));
    expect(all).toContain('2026-02-28');
    expect(all).toContain(`Page ${pages.length} of ${pages.length}`);
  });

  it('says so when nothing was recorded, and groups by month', async () => {
    const empty = await pagesOf({
      ...anExport(),
      periods: [],
      detailed: null,
      metrics: ['plays'],
      totals: { plays: 0 },
    });
    expect(flat(empty[0]!.text)).toContain('Nothing was recorded in this range.');
    expect(empty[0]!.pixelsNear(BAR_BLUE)).toBeLessThan(20_000);

    const monthly = await pagesOf(anExport(365, 'month'));
    const text = flat(monthly.map((page) => page.text).join(' '));
    expect(text).toContain('Total Plays per month');
    expect(text).toContain('Figures by month');
    expect(text).toContain('2025-03 ');
    expect(text).toContain('2026-02 ');
  });

  it("names an episode's report after the episode", async () => {
    const pages = await pagesOf({
      ...anExport(),
      episode: { id: '00000000-1111-4222-8333-444444444444', title: 'Pilot: where it all began' },
    });
    const first = flat(pages[0]!.text);
    expect(first).toContain('EPISODE ANALYTICS REPORT');
    expect(first).toContain('Pilot: where it all began');
  });

  it('steps the axis by 1, 2 or 5 times a power of ten up past the highest bar', () => {
    expect(axisTicks(7, true)).toEqual([0, 2, 4, 6, 8]);
    expect(axisTicks(4, true)).toEqual([0, 1, 2, 3, 4]);
    expect(axisTicks(1, true)).toEqual([0, 1]);
    expect(axisTicks(0, true)).toEqual([0, 1]);
    expect(axisTicks(61.25, false)).toEqual([0, 20, 40, 60, 80]);
    expect(axisTicks(987_654, true)).toEqual([0, 500_000, 1_000_000]);
  });
});
