// The Analytics Export dialog's texts (spec 3 §2.4, §5, §8), word for word where the spec gives them.

export const exportMessages = {
  button: 'Export Analytics',
  title: 'Export Analytics Data',
  format: 'Export Format',
  timeRange: 'Time Range',
  presetRanges: 'Preset Ranges',
  customRange: 'Custom Range',
  fromDate: 'From Date',
  toDate: 'To Date',
  selectMetrics: 'Select Metrics',
  options: 'Export Options',
  groupBy: 'Group Data By',
  includeRawData: 'Include detailed data (larger file size)',
  rawDataWarning: 'Detailed data included - file size will be larger',
  preview: 'Export Preview',
  cancel: 'Cancel',
  /** The footer's export button: 'Export CSV', 'Export JSON', 'Export PDF'. */
  exportAs: (format: string) => `Export ${format.toUpperCase()}`,
  exporting: 'Exporting...',
  estimatedSize: (kilobytes: number) => `Estimated size: about ${kilobytes.toLocaleString('en-US')} KB`,
  previewFile: 'File',
  previewRange: 'Range',
  previewMetrics: 'Metrics',
  previewGrouping: 'Grouped',
  previewDetailed: 'Detailed data',
  previewNotIncluded: 'Not included',
  previewScope: 'Covers',
  previewWholePodcast: 'The whole podcast',
  previewOneEpisode: 'This episode only',
  previewNoMetric: 'Nothing to export until a metric is selected',
  customRangeHint: (timeZone: string) =>
    `In your time zone (${timeZone}). Rows are grouped by UTC day, week (from Monday) or month.`,
  previewFailed: 'Failed to generate preview',
  exportFailed: 'Export failed',
  unsupportedFormat: 'Unsupported export format',
  unknownMetric:
    'Choose metrics from Total Plays, Unique Listeners, Completion Rate, Listen Duration and Bandwidth Usage',
  unknownGrouping: 'Group data by day, week or month',
  metricRequired: 'Select at least one metric',
  fromRequired: 'Choose a From Date',
  toRequired: 'Choose a To Date',
  fromNotBeforeTo: 'From Date must be before To Date',
  toTooFarAhead: 'To Date cannot be more than a day in the future',
} as const;

/**
 * What each metric of an export measures (after its label), written into every file beside its figures (docs/analytics.md, "Exports").
 * Nothing is estimated: what Castbase cannot see is said, and left empty.
 */
export const exportNotes = {
  plays:
    'Downloads counted to the IAB Podcast Measurement Technical Guidelines v2.2 (one per listener and episode in a rolling 24 hours; bots, probes and requests for less than a minute of audio left out).',
  listeners:
    'Distinct listeners, each an address and app hashed with a key that changes every UTC day (no address is kept). A listener heard on several days counts once for each of those days; the total is distinct over the whole range, not a sum of the rows.',
  completion:
    "The share of the episode each session of Castbase's own players (episode page, embed, in-app) listened to, in percent, averaged. Other podcast apps do not report listening: empty where no such session was heard.",
  duration:
    "Minutes listened per session of Castbase's own players, averaged. Other podcast apps do not report listening: empty where no such session was heard.",
  bandwidth:
    'Bytes of the RSS feed responses Castbase served for this podcast. Episode audio is sent by the storage the download redirect hands listeners to, so its bytes are not seen and not included.',
  bandwidthOfEpisode:
    'Empty for one episode. Feed bytes belong to the whole podcast, and episode audio is sent by the storage the download redirect hands listeners to, so its bytes are not seen.',
} as const;

/** The texts inside the exported files (CSV sections, the PDF report). */
export const exportFileTexts = {
  topEpisodesColumns: ['Rank', 'Episode', 'Plays', 'Unique Listeners', 'Completion Rate', 'Listen Duration'],
  topCountriesColumns: ['Rank', 'Country', 'Code', 'Plays', 'Share'],
  topAppsColumns: ['Rank', 'App', 'Plays', 'Share'],
  notes: 'Notes',
  notesColumns: ['About', 'Note'],
  podcast: 'Podcast',
  episode: 'Episode',
  reportTitle: 'Analytics Report',
  episodeReportTitle: 'Episode Analytics Report',
  range: 'Range',
  grouped: 'Grouped',
  generated: 'Generated',
  summary: 'Summary',
  metric: 'Metric',
  total: 'Over the range',
  date: 'Date',
  chartTitle: (metric: string, period: string) => `${metric} per ${period}`,
  periodsTitle: (period: string) => `Figures by ${period}`,
  noPeriods: 'Nothing was recorded in this range.',
  aboutFigures: 'About these figures',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  allTime: 'All Time',
  customRange: 'Custom Range',
  /** Periods in the chart's and table's titles. */
  periodNames: { day: 'day', week: 'week', month: 'month' },
} as const;
