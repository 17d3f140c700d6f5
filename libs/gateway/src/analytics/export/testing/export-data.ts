import {
  EXPORT_METRICS,
  exportMetricNotes,
  exportPeriods,
  type AnalyticsExportData,
  type ExportGrouping,
} from '@castbase/contracts';

export const PODCAST_ID = '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5';

/** Episode titles a file must carry safely: a formula, commas and quotes, a line break, letters of other scripts. */
export const TRICKY_TITLES = [
  'Pilot: where it all began',
  '=HYPERLINK("http://x.example")',
  'Cats, dogs and "quotes"',
  'Line one\nline two',
  'Ünïcödé 日本語 🎙️ show',
  '+1 for science',
  '@mentions and -dashes',
] as const;

/**
 * An export as analytics answers it: every metric, `days` days from 1 March 2025 grouped by `groupBy`, plays rising
 * and falling, listening measured on even days only, and detailed data with seven episodes, three countries and apps.
 */
export function anExport(days = 30, groupBy: ExportGrouping = 'day'): AnalyticsExportData {
  const from = new Date('2025-03-01T00:00:00Z');
  const to = new Date(from.getTime() + days * 86_400_000);
  const periods = exportPeriods(from, to, groupBy).map((period, index) => {
    const plays = 10 + ((index * 7) % 23);
    const measured = index % 2 === 0;
    return {
      period: period.label,
      start: period.start.toISOString(),
      end: period.end.toISOString(),
      values: {
        plays,
        listeners: Math.max(1, plays - 3),
        completion: measured ? 40 + (index % 50) : null,
        duration: measured ? 600 + index * 6 : null,
        bandwidth: 20_000 + index * 512,
      },
    };
  });
  const plays = periods.reduce((sum, period) => sum + period.values.plays, 0);
  return {
    podcast: { id: PODCAST_ID, name: 'Morning Signals' },
    episode: null,
    range: { kind: 'custom', preset: null, from: from.toISOString(), to: to.toISOString() },
    groupBy,
    metrics: [...EXPORT_METRICS],
    generatedAt: '2025-04-02T09:30:00.000Z',
    totals: { plays, listeners: 211, completion: 61.25, duration: 734.5, bandwidth: 987_654 },
    periods,
    notes: exportMetricNotes(EXPORT_METRICS, false),
    detailed: {
      topEpisodes: TRICKY_TITLES.map((title, index) => ({
        rank: index + 1,
        episodeId: `0000000${index}-1111-4222-8333-444444444444`,
        title,
        plays: 300 - index * 40,
        listeners: 250 - index * 30,
        completionRate: index === 2 ? null : 80 - index * 5,
        averageListenSeconds: index === 2 ? null : 900 - index * 60,
      })),
      topCountries: [
        { rank: 1, country: 'US', name: 'United States', plays: 500, percent: 62.5 },
        { rank: 2, country: 'DE', name: 'Germany', plays: 200, percent: 25 },
        { rank: 3, country: 'Unknown', name: 'Unknown', plays: 100, percent: 12.5 },
      ],
      topApps: [
        { rank: 1, app: 'Apple Podcasts', plays: 400, percent: 50 },
        { rank: 2, app: 'Overcast', plays: 300, percent: 37.5 },
        { rank: 3, app: 'Spotify', plays: 100, percent: 12.5 },
      ],
    },
  };
}
