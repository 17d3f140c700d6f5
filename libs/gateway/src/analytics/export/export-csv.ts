import {
  describeExportRange,
  EXPORT_CSV_COLUMNS,
  EXPORT_RAW_DATA_SECTIONS,
  exportCsvDecimal,
  exportCsvValue,
  exportFileTexts as text,
  exportGroupingLabels,
  exportInstantText,
  exportMetricLabels,
  type AnalyticsExportData,
} from '@castbase/contracts';

/** What a spreadsheet would run as a formula (OWASP "CSV injection"): such a cell is given a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break; never a formula. */
export function csvCell(value: string): string {
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

const line = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * The export as CSV, line by line (spec 3 §9): a UTF-8 byte-order mark (so spreadsheet apps read names in any script),
 * the columns Date, Metric, Value with a row per period and chosen metric (an empty Value: not measured); with
 * detailed data the Top Episodes, Top Countries and Top Podcast Apps sections; then the Notes: what was exported and
 * what each metric measures. Sections are set apart by an empty line.
 */
export function* exportCsvLines(data: AnalyticsExportData): Generator<string> {
  yield `\uFEFF${line(EXPORT_CSV_COLUMNS)}`;
  for (const period of data.periods) {
    for (const metric of data.metrics) {
      yield line([period.period, exportMetricLabels[metric], exportCsvValue(metric, period.values[metric])]);
    }
  }
  if (data.detailed) {
    const [episodes, countries, apps] = EXPORT_RAW_DATA_SECTIONS;
    yield* section(
      episodes,
      text.topEpisodesColumns,
      data.detailed.topEpisodes.map((episode) => [
        String(episode.rank),
        episode.title,
        String(episode.plays),
        String(episode.listeners),
        exportCsvValue('completion', episode.completionRate),
        exportCsvValue('duration', episode.averageListenSeconds),
      ]),
    );
    yield* section(
      countries,
      text.topCountriesColumns,
      data.detailed.topCountries.map((country) => [
        String(country.rank),
        country.name,
        country.country,
        String(country.plays),
        exportCsvDecimal(country.percent),
      ]),
    );
    yield* section(
      apps,
      text.topAppsColumns,
      data.detailed.topApps.map((app) => [
        String(app.rank),
        app.app,
        String(app.plays),
        exportCsvDecimal(app.percent),
      ]),
    );
  }
  yield* section(text.notes, text.notesColumns, [
    [text.podcast, data.podcast.name],
    ...(data.episode ? [[text.episode, data.episode.title]] : []),
    [text.range, describeExportRange(data.range)],
    [text.grouped, exportGroupingLabels[data.groupBy]],
    [text.generated, exportInstantText(data.generatedAt)],
    ...data.notes.map((note) => [exportMetricLabels[note.metric], note.note]),
  ]);
}

function* section(title: string, columns: readonly string[], rows: readonly string[][]): Generator<string> {
  yield '\r\n';
  yield line([title]);
  yield line(columns);
  for (const row of rows) yield line(row);
}
