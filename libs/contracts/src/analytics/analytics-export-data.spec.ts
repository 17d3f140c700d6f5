import { describe, expect, it } from '@jest/globals';
import {
  describeExportRange,
  exportCsvValue,
  exportDisplayValue,
  exportMetricNotes,
} from './analytics-export-data.js';
import { exportNotes } from './export-messages.js';

describe("an export's values as the files write them", () => {
  it('writes plain numbers in the CSV: whole counts and bytes, percent and minutes with one decimal, empty unmeasured', () => {
    expect(exportCsvValue('plays', 1234)).toBe('1234');
    expect(exportCsvValue('bandwidth', 987_654)).toBe('987654');
    expect(exportCsvValue('completion', 61.25)).toBe('61.3');
    expect(exportCsvValue('duration', 734.5)).toBe('12.2');
    expect(exportCsvValue('completion', null)).toBe('');
    expect(exportCsvValue('duration', undefined)).toBe('');
  });

  it('shows them for people in the PDF, with the screens’ formats', () => {
    expect(exportDisplayValue('plays', 12_345)).toBe('12,345');
    expect(exportDisplayValue('completion', 61.25)).toBe('61.3%');
    expect(exportDisplayValue('duration', 734.5)).toBe('12.2 min');
    expect(exportDisplayValue('bandwidth', 14_540)).toBe('14.2 KB');
    expect(exportDisplayValue('completion', null)).toBe('—');
  });

  it('states the range in UTC, a preset by its name', () => {
    expect(
      describeExportRange({
        kind: 'preset',
        preset: '30d',
        from: '2026-04-11T00:00:00.000Z',
        to: '2026-05-10T15:20:31.000Z',
      }),
    ).toBe('Last 30 Days: 2026-04-11 00:00 UTC to 2026-05-10 15:20 UTC');
    expect(
      describeExportRange({ kind: 'preset', preset: 'all', from: null, to: '2026-05-10T15:20:00.000Z' }),
    ).toBe('All Time: the first recorded event to 2026-05-10 15:20 UTC');
    expect(
      describeExportRange({
        kind: 'custom',
        preset: null,
        from: '2026-03-01T00:00:00Z',
        to: '2026-04-01T00:00:00Z',
      }),
    ).toBe('Custom Range: 2026-03-01 00:00 UTC to 2026-04-01 00:00 UTC');
  });

  it("notes what each chosen metric measures, an episode's bandwidth as empty", () => {
    expect(exportMetricNotes(['completion', 'bandwidth'], false)).toEqual([
      { metric: 'completion', note: exportNotes.completion },
      { metric: 'bandwidth', note: exportNotes.bandwidth },
    ]);
    expect(exportMetricNotes(['bandwidth'], true)).toEqual([
      { metric: 'bandwidth', note: exportNotes.bandwidthOfEpisode },
    ]);
  });
});
