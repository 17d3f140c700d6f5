import PDFDocument from 'pdfkit';
import {
  describeExportRange,
  EXPORT_PDF_TOP_EPISODES,
  EXPORT_RAW_DATA_SECTIONS,
  exportDisplayValue,
  exportFileTexts as text,
  exportGroupingLabels,
  exportInstantText,
  exportMetricLabels,
  formatPercent,
  type AnalyticsExportData,
  type ExportMetric,
} from '@castbase/contracts';
import { BAR_CHART_HEIGHT, drawBarChart } from './pdf-chart.js';
import {
  BODY_SIZE,
  contentLeft,
  contentWidth,
  PAGE_OPTIONS,
  pageFooters,
  paragraph,
  REPORT_COLORS,
  REPORT_FONTS,
  sectionHeading,
} from './pdf-layout.js';
import { drawTable, tableStartHeight, type TableColumn } from './pdf-table.js';
import { pdfText, registerReportFonts } from './pdf-text.js';

/** The metric the chart shows: plays when chosen, else the first chosen. */
const CHART_PREFERENCE: readonly ExportMetric[] = [
  'plays',
  'listeners',
  'bandwidth',
  'duration',
  'completion',
];

/**
 * The export as a PDF report (spec 3 §9): a header with the podcast (and episode), the range, grouping and when it was
 * made; a summary table of the range's figures; a bar chart of plays per period in vector graphics; the figures of
 * each period; with detailed data the top episodes (at most EXPORT_PDF_TOP_EPISODES), countries and podcast apps; and
 * what each figure measures. The returned document is ended: read it as a stream.
 */
export function renderExportPdf(data: AnalyticsExportData): PDFKit.PDFDocument {
  const title = `${data.podcast.name} - ${data.episode ? text.episodeReportTitle : text.reportTitle}`;
  const doc = new PDFDocument({
    ...PAGE_OPTIONS,
    bufferPages: true,
    info: {
      Title: pdfText(title),
      Author: 'Castbase',
      Subject: describeExportRange(data.range),
      CreationDate: new Date(data.generatedAt),
    },
  });
  registerReportFonts(doc);
  header(doc, data);
  summary(doc, data);
  chart(doc, data);
  periodTable(doc, data);
  if (data.detailed) detailed(doc, data.detailed);
  sectionHeading(doc, text.aboutFigures, 40);
  for (const note of data.notes) paragraph(doc, note.note, { lead: exportMetricLabels[note.metric] });
  pageFooters(doc, `${data.podcast.name} - ${text.reportTitle}`, text.pageOf);
  doc.end();
  return doc;
}

function header(doc: PDFKit.PDFDocument, data: AnalyticsExportData): void {
  const left = contentLeft(doc);
  const width = contentWidth(doc);
  doc.rect(0, 0, doc.page.width, 6).fill(REPORT_COLORS.bar);
  doc.font(REPORT_FONTS.bold).fontSize(9).fillColor(REPORT_COLORS.accent);
  doc.text(
    `CASTBASE  ·  ${(data.episode ? text.episodeReportTitle : text.reportTitle).toUpperCase()}`,
    left,
    40,
    {
      width,
      characterSpacing: 0.6,
    },
  );
  doc.moveDown(0.4);
  doc.font(REPORT_FONTS.bold).fontSize(22).fillColor(REPORT_COLORS.text);
  doc.text(pdfText(data.podcast.name), left, doc.y, { width });
  if (data.episode) {
    doc.font(REPORT_FONTS.regular).fontSize(14).fillColor(REPORT_COLORS.text);
    doc.text(pdfText(data.episode.title), left, doc.y + 2, { width });
  }
  doc.moveDown(0.5);
  const facts: Array<[string, string]> = [
    [text.range, describeExportRange(data.range)],
    [text.grouped, exportGroupingLabels[data.groupBy]],
    [text.generated, exportInstantText(data.generatedAt)],
  ];
  for (const [label, value] of facts) {
    doc.font(REPORT_FONTS.bold).fontSize(BODY_SIZE).fillColor(REPORT_COLORS.muted);
    doc.text(`${label}: `, left, doc.y, { continued: true });
    doc.font(REPORT_FONTS.regular).fillColor(REPORT_COLORS.text).text(pdfText(value));
  }
}

function summary(doc: PDFKit.PDFDocument, data: AnalyticsExportData): void {
  sectionHeading(doc, text.summary, tableStartHeight(data.metrics.length));
  drawTable(
    doc,
    [
      { header: text.metric, share: 0.6, align: 'left' },
      { header: text.total, share: 0.4, align: 'right' },
    ],
    data.metrics.map((metric) => [
      exportMetricLabels[metric],
      exportDisplayValue(metric, data.totals[metric]),
    ]),
  );
}

function chart(doc: PDFKit.PDFDocument, data: AnalyticsExportData): void {
  const metric = CHART_PREFERENCE.find((candidate) => data.metrics.includes(candidate)) ?? 'plays';
  sectionHeading(
    doc,
    text.chartTitle(exportMetricLabels[metric], text.periodNames[data.groupBy]),
    BAR_CHART_HEIGHT,
  );
  if (data.periods.length === 0) {
    paragraph(doc, text.noPeriods, { color: REPORT_COLORS.muted });
    return;
  }
  drawBarChart(doc, {
    points: data.periods.map((period) => ({ label: period.period, value: period.values[metric] ?? null })),
    format: (value) => exportDisplayValue(metric, value),
    whole: metric === 'plays' || metric === 'listeners' || metric === 'bandwidth',
  });
}

function periodTable(doc: PDFKit.PDFDocument, data: AnalyticsExportData): void {
  if (data.periods.length === 0) return;
  sectionHeading(
    doc,
    text.periodsTitle(text.periodNames[data.groupBy]),
    tableStartHeight(data.periods.length),
  );
  const share = 0.75 / data.metrics.length;
  drawTable(
    doc,
    [
      { header: text.date, share: 0.25, align: 'left' },
      ...data.metrics.map((metric): TableColumn => ({
        header: exportMetricLabels[metric],
        share,
        align: 'right',
      })),
    ],
    data.periods.map((period) => [
      period.period,
      ...data.metrics.map((metric) => exportDisplayValue(metric, period.values[metric])),
    ]),
  );
}

function detailed(doc: PDFKit.PDFDocument, top: NonNullable<AnalyticsExportData['detailed']>): void {
  const [episodesTitle, countriesTitle, appsTitle] = EXPORT_RAW_DATA_SECTIONS;
  const episodes = top.topEpisodes.slice(0, EXPORT_PDF_TOP_EPISODES);
  const [rank = '', episode = '', plays = '', listeners = '', completion = '', duration = ''] =
    text.topEpisodesColumns;
  sectionHeading(doc, episodesTitle, tableStartHeight(episodes.length));
  listTable(
    doc,
    [
      { header: rank, share: 0.09, align: 'right' },
      { header: episode, share: 0.39, align: 'left' },
      { header: plays, share: 0.1, align: 'right' },
      { header: listeners, share: 0.15, align: 'right' },
      { header: completion, share: 0.13, align: 'right' },
      { header: duration, share: 0.14, align: 'right' },
    ],
    episodes.map((entry) => [
      String(entry.rank),
      entry.title,
      exportDisplayValue('plays', entry.plays),
      exportDisplayValue('listeners', entry.listeners),
      exportDisplayValue('completion', entry.completionRate),
      exportDisplayValue('duration', entry.averageListenSeconds),
    ]),
  );
  const [, country = '', , countryPlays = '', countryShare = ''] = text.topCountriesColumns;
  sectionHeading(doc, countriesTitle, tableStartHeight(top.topCountries.length));
  listTable(
    doc,
    shareColumns(rank, country, countryPlays, countryShare),
    top.topCountries.map((entry) => shareRow(entry.rank, entry.name, entry.plays, entry.percent)),
  );
  const [, app = '', appPlays = '', appShare = ''] = text.topAppsColumns;
  sectionHeading(doc, appsTitle, tableStartHeight(top.topApps.length));
  listTable(
    doc,
    shareColumns(rank, app, appPlays, appShare),
    top.topApps.map((entry) => shareRow(entry.rank, entry.app, entry.plays, entry.percent)),
  );
}

/** A top list's table, or the empty range's sentence when it has no rows. */
function listTable(
  doc: PDFKit.PDFDocument,
  columns: readonly TableColumn[],
  rows: readonly string[][],
): void {
  if (rows.length === 0) paragraph(doc, text.noPeriods, { color: REPORT_COLORS.muted });
  else drawTable(doc, columns, rows);
}

function shareColumns(rank: string, name: string, plays: string, share: string): TableColumn[] {
  return [
    { header: rank, share: 0.1, align: 'right' },
    { header: name, share: 0.5, align: 'left' },
    { header: plays, share: 0.2, align: 'right' },
    { header: share, share: 0.2, align: 'right' },
  ];
}

function shareRow(rank: number, name: string, plays: number, percent: number): string[] {
  return [String(rank), name, exportDisplayValue('plays', plays), formatPercent(percent)];
}
