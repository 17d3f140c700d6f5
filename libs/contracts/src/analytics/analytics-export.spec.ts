import { describe, expect, it } from '@jest/globals';
import {
  analyticsExportConfigSchema,
  DEFAULT_EXPORT_CONFIG,
  estimatedExportSizeKb,
  exportCustomRangeProblem,
  exportFileName,
  exportFormatOptions,
  exportGroupingLabels,
  exportMetricLabels,
  exportPeriodLabel,
  exportPeriodStart,
  exportPeriods,
  exportRangeBounds,
  exportRangeSizeFactor,
  type ExportRange,
} from './analytics-export.js';
import { DAY_MS, HOUR_MS } from './time-ranges.js';

const now = new Date('2026-05-10T15:20:00Z');
const custom = (fromMs: number, toMs: number): ExportRange => ({
  kind: 'custom',
  from: new Date(fromMs).toISOString(),
  to: new Date(toMs).toISOString(),
});
const issues = (input: unknown) =>
  analyticsExportConfigSchema
    .safeParse(input)
    .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('export options (spec 3 §2.4, §9)', () => {
  it('offers CSV, JSON and PDF with what each is best for', () => {
    expect(exportFormatOptions.csv).toMatchObject({ label: 'CSV', description: 'Best for spreadsheets' });
    expect(exportFormatOptions.json).toMatchObject({ label: 'JSON', description: 'Best for developers' });
    expect(exportFormatOptions.pdf).toMatchObject({ label: 'PDF', description: 'Best for reports' });
  });

  it('names the metrics and groupings as the spec does', () => {
    expect(exportMetricLabels).toEqual({
      plays: 'Total Plays',
      listeners: 'Unique Listeners',
      completion: 'Completion Rate',
      duration: 'Listen Duration',
      bandwidth: 'Bandwidth Usage',
    });
    expect(exportGroupingLabels).toEqual({ day: 'Daily', week: 'Weekly', month: 'Monthly' });
  });

  it('defaults to 30 days, CSV, plays and listeners, daily, without detailed data', () => {
    expect(analyticsExportConfigSchema.parse({})).toEqual(DEFAULT_EXPORT_CONFIG);
    expect(DEFAULT_EXPORT_CONFIG).toEqual({
      format: 'csv',
      metrics: ['plays', 'listeners'],
      groupBy: 'day',
      includeRawData: false,
      range: { kind: 'preset', range: '30d' },
    });
  });
});

describe('export config validation', () => {
  it('asks for at least one metric and keeps each once, in the order chosen', () => {
    expect(issues({ metrics: [] })).toEqual([['metrics', 'Select at least one metric']]);
    expect(analyticsExportConfigSchema.parse({ metrics: ['duration', 'plays', 'duration'] }).metrics).toEqual(
      ['duration', 'plays'],
    );
    expect(issues({ metrics: ['downloads'] })?.[0]?.[0]).toBe('metrics.0');
  });

  it("refuses another format with 'Unsupported export format'", () => {
    expect(issues({ format: 'xlsx' })).toEqual([['format', 'Unsupported export format']]);
  });

  it('uses a custom range from before to, ending at most a day ahead', () => {
    const range = custom(now.getTime() - 10 * DAY_MS, Date.now());
    expect(analyticsExportConfigSchema.parse({ range }).range).toEqual(range);
    expect(
      analyticsExportConfigSchema.safeParse({ range: custom(0, Date.now() + 23 * HOUR_MS) }).success,
    ).toBe(true);
  });

  it('refuses a custom range without both dates, each once at its field', () => {
    expect(issues({ range: { kind: 'custom', to: now.toISOString() } })).toEqual([
      ['range.from', 'Choose a From Date'],
    ]);
    expect(issues({ range: { kind: 'custom', from: now.toISOString(), to: '' } })).toEqual([
      ['range.to', 'Choose a To Date'],
    ]);
  });

  it('refuses From not before To, and To more than a day ahead', () => {
    const at = Date.now() - DAY_MS;
    expect(issues({ range: custom(at, at) })).toEqual([['range.to', 'From Date must be before To Date']]);
    expect(issues({ range: custom(at, Date.now() + 25 * HOUR_MS) })).toEqual([
      ['range.to', 'To Date cannot be more than a day in the future'],
    ]);
  });

  it('checks a custom range against a given clock', () => {
    const from = '2026-05-01T00:00:00Z';
    expect(exportCustomRangeProblem(from, '2026-05-11T15:20:00Z', now)).toBeNull();
    expect(exportCustomRangeProblem(from, '2026-05-11T15:20:00.001Z', now)).toEqual({
      field: 'to',
      message: 'To Date cannot be more than a day in the future',
    });
    expect(exportCustomRangeProblem('2026-05-02T00:00:00+02:00', '2026-05-01T22:00:00Z', now)).toEqual({
      field: 'to',
      message: 'From Date must be before To Date',
    });
    expect(exportCustomRangeProblem(null, null, now)?.field).toBe('from');
  });
});

describe('export file and preview', () => {
  it("names the file podcast-analytics_{metrics joined by '-'}_{UTC date}.{format}", () => {
    expect(exportFileName(['plays', 'listeners'], new Date('2026-05-10T23:30:00Z'), 'csv')).toBe(
      'podcast-analytics_plays-listeners_2026-05-10.csv',
    );
    expect(exportFileName(['bandwidth'], now, 'pdf')).toBe('podcast-analytics_bandwidth_2026-05-10.pdf');
  });

  it('estimates base × metrics × 5 with detailed data × the range factor', () => {
    const preset = (range: '1d' | '7d' | '30d' | '90d' | '1y' | 'all'): ExportRange => ({
      kind: 'preset',
      range,
    });
    expect(estimatedExportSizeKb(DEFAULT_EXPORT_CONFIG)).toBe(200);
    expect(
      estimatedExportSizeKb({
        format: 'pdf',
        metrics: ['plays', 'listeners', 'completion', 'duration', 'bandwidth'],
        includeRawData: true,
        range: preset('all'),
      }),
    ).toBe(125_000);
    expect(
      estimatedExportSizeKb({
        format: 'json',
        metrics: ['plays'],
        includeRawData: false,
        range: preset('90d'),
      }),
    ).toBe(400);
    expect(
      estimatedExportSizeKb({
        format: 'json',
        metrics: ['plays', 'listeners', 'completion'],
        includeRawData: true,
        range: preset('1y'),
      }),
    ).toBe(15_000);
    expect(['1d', '7d', '30d'].map((range) => exportRangeSizeFactor(preset(range as '1d')))).toEqual([
      1, 1, 1,
    ]);
  });

  it('gives a custom range the factor of the shortest preset at least as long', () => {
    const lasting = (days: number, extraMs = 0) => exportRangeSizeFactor(custom(0, days * DAY_MS + extraMs));
    expect([
      lasting(1),
      lasting(30),
      lasting(30, 1),
      lasting(90),
      lasting(91),
      lasting(365),
      lasting(366),
    ]).toEqual([1, 1, 2, 2, 5, 5, 10]);
  });

  it('bounds a preset by its range start and now, and a custom range by its dates', () => {
    expect(exportRangeBounds({ kind: 'preset', range: '7d' }, now)).toEqual({
      from: new Date('2026-05-04T00:00:00Z'),
      to: now,
    });
    expect(exportRangeBounds({ kind: 'preset', range: 'all' }, now).from).toBeNull();
    expect(exportRangeBounds(custom(0, DAY_MS), now)).toEqual({ from: new Date(0), to: new Date(DAY_MS) });
  });

  it('groups by UTC day, ISO week from Monday, and month', () => {
    const sunday = new Date('2026-05-10T15:20:00Z');
    expect(exportPeriodStart(sunday, 'day').toISOString()).toBe('2026-05-10T00:00:00.000Z');
    expect(exportPeriodStart(sunday, 'week').toISOString()).toBe('2026-05-04T00:00:00.000Z');
    expect(exportPeriodStart(new Date('2026-05-04T00:00:00Z'), 'week').toISOString()).toBe(
      '2026-05-04T00:00:00.000Z',
    );
    expect(exportPeriodStart(new Date('2026-01-01T12:00:00Z'), 'week').toISOString()).toBe(
      '2025-12-29T00:00:00.000Z',
    );
    expect(exportPeriodStart(sunday, 'month').toISOString()).toBe('2026-05-01T00:00:00.000Z');
    expect(exportPeriodLabel(exportPeriodStart(sunday, 'month'), 'month')).toBe('2026-05');
    expect(exportPeriodLabel(exportPeriodStart(sunday, 'week'), 'week')).toBe('2026-05-04');
  });
});

describe('the rows of an export', () => {
  it('lists each period overlapping the range, oldest first, cut to the range at both ends', () => {
    const periods = exportPeriods(new Date('2026-04-29T12:00:00Z'), new Date('2026-05-12T06:00:00Z'), 'week');
    expect(periods.map(({ label, start, end }) => [label, start.toISOString(), end.toISOString()])).toEqual([
      ['2026-04-27', '2026-04-29T12:00:00.000Z', '2026-05-04T00:00:00.000Z'],
      ['2026-05-04', '2026-05-04T00:00:00.000Z', '2026-05-11T00:00:00.000Z'],
      ['2026-05-11', '2026-05-11T00:00:00.000Z', '2026-05-12T06:00:00.000Z'],
    ]);
  });

  it('steps by UTC day and by calendar month, whatever its length', () => {
    expect(
      exportPeriods(new Date('2026-02-27T00:00:00Z'), new Date('2026-03-02T00:00:00Z'), 'day').map(
        (p) => p.label,
      ),
    ).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(
      exportPeriods(new Date('2025-12-15T00:00:00Z'), new Date('2026-03-01T00:00:00Z'), 'month').map(
        (p) => p.label,
      ),
    ).toEqual(['2025-12', '2026-01', '2026-02']);
  });

  it('has no rows for an empty range', () => {
    expect(exportPeriods(new Date('2026-05-01T00:00:00Z'), new Date('2026-05-01T00:00:00Z'), 'day')).toEqual(
      [],
    );
  });
});
