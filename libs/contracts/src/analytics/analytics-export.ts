import { z } from 'zod';
import { exportMessages } from './export-messages.js';
import {
  ANALYTICS_TIME_RANGES,
  analyticsRangeStart,
  DAY_MS,
  startOfUtcDay,
  utcDateKey,
  type AnalyticsTimeRange,
} from './time-ranges.js';

// The analytics export (spec 3 §2.4, §3 "Export config", §9 "Export"): what the dialog sends, the server streams back
// as CSV, JSON or PDF, and the figures the dialog's preview shows.

export const EXPORT_FORMATS = ['csv', 'json', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const exportFormatOptions: Record<
  ExportFormat,
  { label: string; description: string; mimeType: string }
> = {
  csv: { label: 'CSV', description: 'Best for spreadsheets', mimeType: 'text/csv; charset=utf-8' },
  json: { label: 'JSON', description: 'Best for developers', mimeType: 'application/json' },
  pdf: { label: 'PDF', description: 'Best for reports', mimeType: 'application/pdf' },
};

export const EXPORT_METRICS = ['plays', 'listeners', 'completion', 'duration', 'bandwidth'] as const;
export type ExportMetric = (typeof EXPORT_METRICS)[number];

export const exportMetricLabels: Record<ExportMetric, string> = {
  plays: 'Total Plays',
  listeners: 'Unique Listeners',
  completion: 'Completion Rate',
  duration: 'Listen Duration',
  bandwidth: 'Bandwidth Usage',
};

export const EXPORT_GROUPINGS = ['day', 'week', 'month'] as const;
export type ExportGrouping = (typeof EXPORT_GROUPINGS)[number];

export const exportGroupingLabels: Record<ExportGrouping, string> = {
  day: 'Daily',
  week: 'Weekly',
  month: 'Monthly',
};

/** The CSV's columns, and the sections detailed data adds after the rows (spec 3 §9). */
export const EXPORT_CSV_COLUMNS = ['Date', 'Metric', 'Value'] as const;
export const EXPORT_RAW_DATA_SECTIONS = ['Top Episodes', 'Top Countries', 'Top Podcast Apps'] as const;
/** The per-episode part of an export covers the 50 most played published episodes. */
export const EXPORT_MAX_EPISODES = 50;
/** The PDF report's top-episodes table. */
export const EXPORT_PDF_TOP_EPISODES = 5;
/** A custom range may end up to a day ahead, so a To Date typed in a time zone east of the server still passes. */
export const EXPORT_FUTURE_TOLERANCE_MS = DAY_MS;

/**
 * Why a custom range is refused, or null: both dates given, From before To, To at most a day after `now`. The field
 * is where the dialog shows the message.
 */
export function exportCustomRangeProblem(
  from: string | null | undefined,
  to: string | null | undefined,
  now: Date,
): { field: 'from' | 'to'; message: string } | null {
  if (!from) return { field: 'from', message: exportMessages.fromRequired };
  if (!to) return { field: 'to', message: exportMessages.toRequired };
  const fromTime = new Date(from).getTime();
  const toTime = new Date(to).getTime();
  if (fromTime >= toTime) return { field: 'to', message: exportMessages.fromNotBeforeTo };
  if (toTime > now.getTime() + EXPORT_FUTURE_TOLERANCE_MS)
    return { field: 'to', message: exportMessages.toTooFarAhead };
  return null;
}

export const exportPresetRangeSchema = z.object({
  kind: z.literal('preset'),
  range: z.enum(ANALYTICS_TIME_RANGES),
});

/** A custom range: ISO date-times with an offset, From inclusive, To exclusive. */
export const exportCustomRangeSchema = z
  .object({
    kind: z.literal('custom'),
    from: z.iso.datetime({ offset: true, error: exportMessages.fromRequired }),
    to: z.iso.datetime({ offset: true, error: exportMessages.toRequired }),
  })
  .superRefine((range, ctx) => {
    // A date that is missing or malformed already has its field's message.
    if (Number.isNaN(Date.parse(range.from)) || Number.isNaN(Date.parse(range.to))) return;
    const problem = exportCustomRangeProblem(range.from, range.to, new Date());
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });

export const exportRangeSchema = z.discriminatedUnion('kind', [
  exportPresetRangeSchema,
  exportCustomRangeSchema,
]);
export type ExportRange = z.infer<typeof exportRangeSchema>;

/** The export request: the config of spec 3 §3 with its range, for the podcast or (from its screen) one episode. */
export const analyticsExportConfigSchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: exportMessages.unsupportedFormat }).default('csv'),
  /** Each metric once, in the order chosen. */
  metrics: z
    .array(z.enum(EXPORT_METRICS, { error: exportMessages.unknownMetric }))
    .min(1, exportMessages.metricRequired)
    .default(['plays', 'listeners'])
    .transform((metrics) => [...new Set(metrics)]),
  groupBy: z.enum(EXPORT_GROUPINGS, { error: exportMessages.unknownGrouping }).default('day'),
  includeRawData: z.boolean().default(false),
  range: exportRangeSchema.default({ kind: 'preset', range: '30d' }),
  /** An episode's own export, from its analytics screen; absent for the whole podcast. */
  episodeId: z.uuid().optional(),
});
export type AnalyticsExportConfigInput = z.input<typeof analyticsExportConfigSchema>;
export type AnalyticsExportConfig = z.output<typeof analyticsExportConfigSchema>;

/** The dialog's defaults (spec 3 §9): 30 days, CSV, plays and listeners, daily, without detailed data. */
export const DEFAULT_EXPORT_CONFIG: AnalyticsExportConfig = {
  format: 'csv',
  metrics: ['plays', 'listeners'],
  groupBy: 'day',
  includeRawData: false,
  range: { kind: 'preset', range: '30d' },
};

/** The episode screen's export control starts with these metrics (spec 3 §2.2). */
export const EPISODE_EXPORT_DEFAULT_METRICS: readonly ExportMetric[] = ['plays', 'completion', 'duration'];

/** `podcast-analytics_{metrics joined by '-'}_{date}.{format}`, the date as its UTC 'YYYY-MM-DD'. */
export function exportFileName(metrics: readonly ExportMetric[], date: Date, format: ExportFormat): string {
  return `podcast-analytics_${metrics.join('-')}_${utcDateKey(date)}.${format}`;
}

/** Where an export's range starts (null: from the first event) and ends. */
export function exportRangeBounds(range: ExportRange, now: Date): { from: Date | null; to: Date } {
  return range.kind === 'preset'
    ? { from: analyticsRangeStart(range.range, now), to: now }
    : { from: new Date(range.from), to: new Date(range.to) };
}

const SIZE_BASE_KB: Record<ExportFormat, number> = { csv: 100, json: 200, pdf: 500 };
const RANGE_SIZE_FACTOR: Record<AnalyticsTimeRange, number> = {
  '1d': 1,
  '7d': 1,
  '30d': 1,
  '90d': 2,
  '1y': 5,
  all: 10,
};

/**
 * The size factor of a range (spec 3 §9: All Time 10, 1 Year 5, 90 Days 2, else 1). A custom range takes the factor of
 * the shortest preset at least as long: up to 30 days 1, up to 90 days 2, up to 365 days 5, longer 10.
 */
export function exportRangeSizeFactor(range: ExportRange): number {
  if (range.kind === 'preset') return RANGE_SIZE_FACTOR[range.range];
  const days = (new Date(range.to).getTime() - new Date(range.from).getTime()) / DAY_MS;
  if (days <= 30) return RANGE_SIZE_FACTOR['30d'];
  if (days <= 90) return RANGE_SIZE_FACTOR['90d'];
  if (days <= 365) return RANGE_SIZE_FACTOR['1y'];
  return RANGE_SIZE_FACTOR.all;
}

/**
 * The preview's estimated size in KB (spec 3 §9): 100 (CSV), 200 (JSON) or 500 (PDF), × the number of metrics, × 5
 * with detailed data, × the range's factor.
 */
export function estimatedExportSizeKb(
  config: Pick<AnalyticsExportConfig, 'format' | 'metrics' | 'includeRawData' | 'range'>,
): number {
  return (
    SIZE_BASE_KB[config.format] *
    config.metrics.length *
    (config.includeRawData ? 5 : 1) *
    exportRangeSizeFactor(config.range)
  );
}

/**
 * The start of the period a moment belongs to when rows are grouped: its UTC day, the Monday of its ISO week, or the
 * first of its month.
 */
export function exportPeriodStart(date: Date, groupBy: ExportGrouping): Date {
  const day = startOfUtcDay(date);
  switch (groupBy) {
    case 'day':
      return day;
    case 'week':
      return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
    case 'month':
      return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1));
  }
}

/** A period's Date column: 'YYYY-MM-DD' for days and weeks (the Monday), 'YYYY-MM' for months. */
export function exportPeriodLabel(periodStart: Date, groupBy: ExportGrouping): string {
  const key = utcDateKey(periodStart);
  return groupBy === 'month' ? key.slice(0, 7) : key;
}

/** Where the period after the one starting at `periodStart` starts. */
export function exportNextPeriodStart(periodStart: Date, groupBy: ExportGrouping): Date {
  switch (groupBy) {
    case 'day':
      return new Date(periodStart.getTime() + DAY_MS);
    case 'week':
      return new Date(periodStart.getTime() + 7 * DAY_MS);
    case 'month':
      return new Date(Date.UTC(periodStart.getUTCFullYear(), periodStart.getUTCMonth() + 1, 1));
  }
}

/**
 * The rows of an export from `from` (inclusive) to `to` (exclusive): each period that overlaps them, oldest first,
 * with its label and its bounds cut to the range (a range that starts mid-week has a first week that starts there).
 */
export function exportPeriods(
  from: Date,
  to: Date,
  groupBy: ExportGrouping,
): Array<{ label: string; start: Date; end: Date }> {
  const periods: Array<{ label: string; start: Date; end: Date }> = [];
  for (
    let start = exportPeriodStart(from, groupBy);
    start.getTime() < to.getTime();
    start = exportNextPeriodStart(start, groupBy)
  ) {
    const next = exportNextPeriodStart(start, groupBy);
    periods.push({
      label: exportPeriodLabel(start, groupBy),
      start: start.getTime() < from.getTime() ? from : start,
      end: next.getTime() > to.getTime() ? to : next,
    });
  }
  return periods;
}
