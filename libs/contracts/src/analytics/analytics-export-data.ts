import { z } from 'zod';
import { formatFeedBytes } from '../feeds/rss-widget-messages.js';
import { analyticsCountrySchema, analyticsCountSchema, analyticsPercentSchema } from './analytics-api.js';
import { formatMinutes, formatPercent, NOT_MEASURED } from './analytics-formulas.js';
import { EXPORT_GROUPINGS, EXPORT_METRICS, type ExportMetric } from './analytics-export.js';
import { exportFileTexts, exportNotes } from './export-messages.js';
import { ANALYTICS_EXPORT_PRESETS, ANALYTICS_TIME_RANGES } from './time-ranges.js';

// What an analytics export holds (spec 3 §2.4, §9 "Export"), whatever its format: the analytics service answers it on
// `analytics.export.get`, the gateway writes it as CSV, PDF, or as this very JSON document.

/** The detailed data's top countries and top podcast apps. */
export const EXPORT_TOP_COUNTRIES = 10;
export const EXPORT_TOP_APPS = 10;

const timestamp = z.iso.datetime();

/**
 * The chosen metrics' values over a period (or the whole range). A metric not chosen is absent; null is a measure
 * Castbase does not have for it (listening is measured by Castbase's own players only; feed bytes belong to the
 * podcast, not to one episode), never a zero standing in for it.
 */
export const exportMetricValuesSchema = z.object({
  /** Counted downloads (IAB v2.2). */
  plays: analyticsCountSchema.optional(),
  /** Distinct listener keys. */
  listeners: analyticsCountSchema.optional(),
  /** Mean completion of the players' sessions, 0–100. */
  completion: analyticsPercentSchema.nullable().optional(),
  /** Mean seconds listened per session of the players. */
  duration: z.number().nonnegative().nullable().optional(),
  /** Bytes of feed responses served. */
  bandwidth: analyticsCountSchema.nullable().optional(),
});
export type ExportMetricValues = z.infer<typeof exportMetricValuesSchema>;

/** One row of the export: a UTC day, an ISO week (from its Monday) or a month, cut to the range at its ends. */
export const exportPeriodSchema = z.object({
  /** The Date column: 'YYYY-MM-DD' (days, weeks) or 'YYYY-MM' (months), exportPeriodLabel. */
  period: z.string().min(7),
  /** Inclusive. */
  start: timestamp,
  /** Exclusive. */
  end: timestamp,
  values: exportMetricValuesSchema,
});
export type ExportPeriod = z.infer<typeof exportPeriodSchema>;

export const exportTopEpisodeSchema = z.object({
  rank: z.number().int().positive(),
  episodeId: z.uuid(),
  title: z.string(),
  plays: analyticsCountSchema,
  listeners: analyticsCountSchema,
  completionRate: analyticsPercentSchema.nullable(),
  averageListenSeconds: z.number().nonnegative().nullable(),
});
export type ExportTopEpisode = z.infer<typeof exportTopEpisodeSchema>;

export const exportTopCountrySchema = z.object({
  rank: z.number().int().positive(),
  country: analyticsCountrySchema,
  name: z.string(),
  plays: analyticsCountSchema,
  percent: analyticsPercentSchema,
});
export type ExportTopCountry = z.infer<typeof exportTopCountrySchema>;

export const exportTopAppSchema = z.object({
  rank: z.number().int().positive(),
  app: z.string().min(1),
  plays: analyticsCountSchema,
  percent: analyticsPercentSchema,
});
export type ExportTopApp = z.infer<typeof exportTopAppSchema>;

/** The analytics export as the JSON file holds it (docs/analytics.md, "Exports"). */
export const analyticsExportDataSchema = z.object({
  podcast: z.object({ id: z.uuid(), name: z.string() }),
  /** An episode's own export; null for the whole podcast. */
  episode: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  range: z.object({
    kind: z.enum(['preset', 'custom']),
    preset: z.enum(ANALYTICS_TIME_RANGES).nullable(),
    /** Inclusive; null for All Time (from the first event). */
    from: timestamp.nullable(),
    /** Exclusive. */
    to: timestamp,
  }),
  groupBy: z.enum(EXPORT_GROUPINGS),
  /** In the order chosen. */
  metrics: z.array(z.enum(EXPORT_METRICS)).min(1),
  generatedAt: timestamp,
  /** Over the whole range (listeners: distinct over the range, not a sum of the periods). */
  totals: exportMetricValuesSchema,
  /** Oldest first; periods before the podcast's (or episode's) first recorded event are left out. */
  periods: z.array(exportPeriodSchema),
  /** What each chosen metric measures and where it is empty. */
  notes: z.array(z.object({ metric: z.enum(EXPORT_METRICS), note: z.string() })),
  /** With 'Include detailed data': the Top Episodes, Top Countries and Top Podcast Apps; else null. */
  detailed: z
    .object({
      topEpisodes: z.array(exportTopEpisodeSchema),
      topCountries: z.array(exportTopCountrySchema),
      topApps: z.array(exportTopAppSchema),
    })
    .nullable(),
});
export type AnalyticsExportData = z.infer<typeof analyticsExportDataSchema>;

/** The notes of the chosen metrics, in their order; an episode's export says why its bandwidth is empty. */
export function exportMetricNotes(
  metrics: readonly ExportMetric[],
  forEpisode: boolean,
): AnalyticsExportData['notes'] {
  return metrics.map((metric) => ({
    metric,
    note: metric === 'bandwidth' && forEpisode ? exportNotes.bandwidthOfEpisode : exportNotes[metric],
  }));
}

/**
 * A value as the CSV's Value column holds it, a plain number a spreadsheet reads: counts and bytes whole, completion
 * in percent and listen duration in minutes with one decimal; '' where it was not measured.
 */
export function exportCsvValue(metric: ExportMetric, value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  switch (metric) {
    case 'plays':
    case 'listeners':
    case 'bandwidth':
      return String(Math.round(value));
    case 'completion':
      return exportCsvDecimal(value);
    case 'duration':
      return exportCsvDecimal(value / 60);
  }
}

/** A percent, share or minutes in a CSV cell: one decimal, '12.5'. */
export function exportCsvDecimal(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return (rounded === 0 ? 0 : rounded).toFixed(1);
}

/** A value as the PDF report shows it: '1,234', '87.5%', '3.2 min', '14.2 KB'; NOT_MEASURED where not measured. */
export function exportDisplayValue(metric: ExportMetric, value: number | null | undefined): string {
  if (value === null || value === undefined) return NOT_MEASURED;
  switch (metric) {
    case 'plays':
    case 'listeners':
      return Math.round(value).toLocaleString('en-US');
    case 'completion':
      return formatPercent(value);
    case 'duration':
      return formatMinutes(value / 60);
    case 'bandwidth':
      return formatFeedBytes(value);
  }
}

/** An instant as the files state it: '2026-11-26 14:05 UTC'. */
export function exportInstantText(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** The range as the files state it: 'Last 30 Days: 2026-10-28 00:00 UTC to 2026-11-26 14:05 UTC'. */
export function describeExportRange(range: AnalyticsExportData['range']): string {
  const name =
    range.kind === 'custom'
      ? exportFileTexts.customRange
      : (ANALYTICS_EXPORT_PRESETS.find((preset) => preset.range === range.preset)?.label ??
        exportFileTexts.allTime);
  const from = range.from ? exportInstantText(range.from) : 'the first recorded event';
  return `${name}: ${from} to ${exportInstantText(range.to)}`;
}
