import { describe, expect, it } from '@jest/globals';
import {
  EXPORT_CSV_COLUMNS,
  EXPORT_RAW_DATA_SECTIONS,
  exportFileTexts,
  exportMetricLabels,
  exportNotes,
} from '@castbase/contracts';
import { parseCsv } from '@castbase/platform-testing';
import { csvCell, exportCsvLines } from './export-csv.js';
import { anExport, TRICKY_TITLES } from './testing/export-data.js';

const csvOf = (data = anExport()) => [...exportCsvLines(data)].join('');

/** The rows of a section: those after its title and column rows, up to the next empty line. */
function sectionRows(rows: string[][], title: string): string[][] {
  const start = rows.findIndex((row) => row.length === 1 && row[0] === title);
  if (start < 0) throw new Error(`no ${title} section`);
  const end = rows.findIndex((row, index) => index > start && row.length === 1 && row[0] === '');
  return rows.slice(start + 2, end < 0 ? undefined : end);
}

describe('the CSV export (spec 3 §9)', () => {
  it('opens with a byte-order mark and the columns Date, Metric, Value, then a row per period and metric', () => {
    const data = anExport();
    const text = csvOf(data);
    expect(text.startsWith('\uFEFFDate,Metric,Value\r\n')).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual([...EXPORT_CSV_COLUMNS]);

    const values = rows.slice(1, 1 + data.periods.length * data.metrics.length);
    expect(values).toHaveLength(30 * 5);
    const [firstDay, secondDay] = [data.periods[0]!, data.periods[1]!];
    expect(values.slice(0, 5)).toEqual([
      ['2025-03-01', 'Total Plays', String(firstDay.values.plays)],
      ['2025-03-01', 'Unique Listeners', String(firstDay.values.listeners)],
      ['2025-03-01', 'Completion Rate', firstDay.values.completion!.toFixed(1)],
      // Minutes, one decimal: 600 seconds.
      ['2025-03-01', 'Listen Duration', '10.0'],
      ['2025-03-01', 'Bandwidth Usage', String(firstDay.values.bandwidth)],
    ]);
    // A day without players' sessions: empty, not zero.
    expect(values.slice(5, 10).map((row) => row[2])).toEqual([
      String(secondDay.values.plays),
      String(secondDay.values.listeners),
      '',
      '',
      String(secondDay.values.bandwidth),
    ]);
  });

  it('adds the Top Episodes, Top Countries and Top Podcast Apps sections with detailed data', () => {
    const rows = parseCsv(csvOf().slice(1));
    const [episodes, countries, apps] = EXPORT_RAW_DATA_SECTIONS;

    const episodeRows = sectionRows(rows, episodes);
    expect(rows[rows.findIndex((row) => row[0] === episodes) + 1]).toEqual([
      ...exportFileTexts.topEpisodesColumns,
    ]);
    expect(episodeRows).toHaveLength(TRICKY_TITLES.length);
    expect(episodeRows[0]).toEqual(['1', 'Pilot: where it all began', '300', '250', '80.0', '15.0']);
    expect(episodeRows[2]).toEqual(['3', 'Cats, dogs and "quotes"', '220', '190', '', '']);
    expect(episodeRows[3]![1]).toBe('Line one\nline two');
    expect(episodeRows[4]![1]).toBe('Ünïcödé 日本語 🎙️ show');
    expect(sectionRows(rows, countries)).toEqual([
      ['1', 'United States', 'US', '500', '62.5'],
      ['2', 'Germany', 'DE', '200', '25.0'],
      ['3', 'Unknown', 'Unknown', '100', '12.5'],
    ]);
    expect(sectionRows(rows, apps)[0]).toEqual(['1', 'Apple Podcasts', '400', '50.0']);
  });

  it('leaves the detailed sections out without detailed data', () => {
    const rows = parseCsv(csvOf({ ...anExport(), detailed: null }).slice(1));
    for (const title of EXPORT_RAW_DATA_SECTIONS) expect(rows.some((row) => row[0] === title)).toBe(false);
  });

  it('never hands a spreadsheet a formula: cells starting with = + - @ get a leading apostrophe', () => {
    const episodeRows = sectionRows(parseCsv(csvOf().slice(1)), EXPORT_RAW_DATA_SECTIONS[0]);
    expect(episodeRows[1]![1]).toBe(`'${TRICKY_TITLES[1]}`);
    expect(episodeRows[5]![1]).toBe("'+1 for science");
    expect(episodeRows[6]![1]).toBe("'@mentions and -dashes");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('ends with the notes: the podcast, range, grouping, and what each metric measures', () => {
    const notes = sectionRows(parseCsv(csvOf().slice(1)), exportFileTexts.notes);
    expect(notes.slice(0, 4)).toEqual([
      ['Podcast', 'Morning Signals'],
      ['Range', 'Custom Range: 2025-03-01 00:00 UTC to 2025-03-31 00:00 UTC'],
      ['Grouped', 'Daily'],
      ['Generated', '2025-04-02 09:30 UTC'],
    ]);
    expect(notes).toContainEqual([exportMetricLabels.completion, exportNotes.completion]);
    expect(notes).toContainEqual([exportMetricLabels.bandwidth, exportNotes.bandwidth]);
  });
});
