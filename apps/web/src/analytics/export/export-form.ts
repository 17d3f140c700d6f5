import {
  ANALYTICS_EXPORT_PRESETS,
  analyticsTimeRangeLabels,
  DAY_MS,
  DEFAULT_EXPORT_CONFIG,
  exportCustomRangeProblem,
  exportMessages,
  type AnalyticsExportConfigInput,
  type AnalyticsTimeRange,
  type ExportFormat,
  type ExportGrouping,
  type ExportMetric,
  type ExportRange,
} from '@castbase/contracts';
import { formatInTimeZone, instantOf, scheduleFieldsAt } from '../../episodes/actions/schedule-time.js';

// The Export dialog's choices (spec 3 §2.4) as the form holds them, their checks with the contracts' rules and
// messages, and the export config the server is sent. The custom range's fields hold wall-clock date-times in the
// creator's time zone; the config carries the instants they stand for.

export interface ExportForm {
  format: ExportFormat;
  metrics: ExportMetric[];
  groupBy: ExportGrouping;
  includeRawData: boolean;
  rangeKind: ExportRange['kind'];
  preset: AnalyticsTimeRange;
  /** 'YYYY-MM-DDTHH:mm' as a datetime-local field holds it, or ''. */
  from: string;
  to: string;
}

export interface ExportFormProblems {
  metrics?: string;
  from?: string;
  to?: string;
}

/** 'YYYY-MM-DDTHH:mm' in the time zone: what a datetime-local field shows for an instant. */
function localField(instant: Date, timeZone: string): string {
  const { date, time } = scheduleFieldsAt(instant, timeZone);
  return `${date}T${time}`;
}

/** The spec's defaults (30 days, CSV, daily, no detailed data) with the screen's metrics; the custom range prefilled. */
export function initialExportForm(
  defaultMetrics: readonly ExportMetric[] | undefined,
  timeZone: string,
  now = new Date(),
): ExportForm {
  return {
    format: DEFAULT_EXPORT_CONFIG.format,
    metrics: [...(defaultMetrics ?? DEFAULT_EXPORT_CONFIG.metrics)],
    groupBy: DEFAULT_EXPORT_CONFIG.groupBy,
    includeRawData: DEFAULT_EXPORT_CONFIG.includeRawData,
    rangeKind: 'preset',
    preset: '30d',
    from: localField(new Date(now.getTime() - 30 * DAY_MS), timeZone),
    to: localField(now, timeZone),
  };
}

/** The instant a datetime-local field stands for in the time zone, as ISO, or null when it holds none. */
export function fieldInstant(value: string, timeZone: string): string | null {
  const [date = '', time = ''] = value.split('T');
  return instantOf(date, time, timeZone)?.toISOString() ?? null;
}

/** What stops the export: no metric, or a custom range the contracts refuse (at the field the message is for). */
export function exportFormProblems(form: ExportForm, timeZone: string, now = new Date()): ExportFormProblems {
  const problems: ExportFormProblems = {};
  if (form.metrics.length === 0) problems.metrics = exportMessages.metricRequired;
  if (form.rangeKind === 'custom') {
    const problem = exportCustomRangeProblem(
      fieldInstant(form.from, timeZone),
      fieldInstant(form.to, timeZone),
      now,
    );
    if (problem) problems[problem.field] = problem.message;
  }
  return problems;
}

/** The export config of the form (checked first with exportFormProblems), for the podcast or one episode. */
export function exportConfigOf(
  form: ExportForm,
  timeZone: string,
  episodeId: string | undefined,
): AnalyticsExportConfigInput {
  const range: ExportRange =
    form.rangeKind === 'preset'
      ? { kind: 'preset', range: form.preset }
      : {
          kind: 'custom',
          from: fieldInstant(form.from, timeZone) ?? '',
          to: fieldInstant(form.to, timeZone) ?? '',
        };
  return {
    format: form.format,
    metrics: form.metrics,
    groupBy: form.groupBy,
    includeRawData: form.includeRawData,
    range,
    ...(episodeId ? { episodeId } : {}),
  };
}

/** The range as the preview names it: 'Last 30 Days', or the custom dates in the creator's time zone. */
export function exportRangeLabel(form: ExportForm, timeZone: string): string {
  if (form.rangeKind === 'preset') {
    return (
      ANALYTICS_EXPORT_PRESETS.find((preset) => preset.range === form.preset)?.label ??
      analyticsTimeRangeLabels[form.preset]
    );
  }
  const from = fieldInstant(form.from, timeZone);
  const to = fieldInstant(form.to, timeZone);
  if (!from || !to) return exportMessages.customRange;
  return `${formatInTimeZone(from, timeZone)} – ${formatInTimeZone(to, timeZone)}`;
}
