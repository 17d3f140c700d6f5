import { dashboardMessages } from '../catalog/dashboard.js';
import { episodeMessages } from '../catalog/episode-messages.js';
import type { AnalyticsDevice } from './analytics-api.js';
import { formatCount } from './analytics-formulas.js';

// Every text of the analytics screens (spec 3 §2.2, §2.3, §4, §8) and of the dashboard's Analytics Overview card
// (spec 2 §2), word for word where the specs give it. The export dialog's texts are in export-messages.ts.

/** Shared by every analytics screen. */
export const analyticsMessages = {
  /** The no-data title, the same as the dashboard card's. */
  noData: dashboardMessages.noAnalytics,
  backToDashboard: 'Back to Dashboard',
  /** What a top list and an export call an episode the catalog no longer has. */
  deletedEpisode: 'Deleted episode',
  refresh: 'Refresh',
  retry: 'Retry',
  timeRange: 'Time range',
  /** What a figure the service does not have reads as (spoken where NOT_MEASURED is drawn). */
  notMeasured: 'Not measured',
  /** Shown beside a figure that is NOT_MEASURED. */
  notMeasuredHint: 'Measured when people listen in a Castbase player (episode page, embed or app)',
  /** The banner when part of a screen's figures could not be fetched (spec 3 §2.3). */
  incomplete: (error: string) => `Analytics data may be incomplete: ${error}`,
  genericError: 'An error occurred',
  loadFailed: 'Failed to load analytics',
  /** Under charts whose hours are UTC hours. */
  utcHours: 'Hours in UTC',
} as const;

/** The episode analytics screen (spec 3 §2.2). */
export const episodeAnalyticsMessages = {
  /** The screen's name while its episode is not known (loading, failed): the tab title and heading. */
  title: 'Episode Analytics',
  loading: 'Loading episode analytics...',
  noDataBody: 'Analytics data is not available for this episode.',
  /** The catalog's own message (EPISODE_NOT_FOUND). */
  episodeNotFound: episodeMessages.notFound,
  episodeLoadFailed: 'Failed to load episode',
  back: 'Back',
  /** The header line before the relative publish date. */
  published: 'Episode Analytics • Published',
  exportLabel: 'Export episode analytics',
  cards: {
    totalPlays: 'Total Plays',
    uniqueListeners: 'Unique Listeners',
    completionRate: 'Completion Rate',
    averageListenDuration: 'Avg Listen Duration',
  },
  /** The Total Plays card's week-over-week trend, its percent already formatted. */
  weekOverWeek: (change: string) => `${change} vs previous 7 days`,
  tabs: {
    overview: 'Overview',
    trends: 'Trends',
    sources: 'Sources',
    geography: 'Geography',
    devices: 'Devices',
  },
  overview: {
    performanceSummary: 'Performance Summary',
    performanceScore: 'Performance score',
    performanceNotMeasured:
      'The score needs listening data: completion and listen time come from Castbase players.',
    keyInsights: 'Key Insights',
    engagementMetrics: 'Engagement Metrics',
    engagementToggle: { plays: 'Plays', completion: 'Completion', duration: 'Duration' },
  },
  trends: { title: 'Play Trends', subtitle: 'Episode plays over time' },
  sources: { title: 'Traffic Sources', subtitle: 'Where plays come from', empty: 'No plays in this range' },
  geography: {
    title: 'Top Countries',
    subtitle: 'Plays by country',
    cardsTitle: 'Listeners around the world',
    empty: 'No plays in this range',
  },
  devices: { title: 'Devices', subtitle: 'Plays by device', empty: 'No plays in this range' },
  /** A ranked row's share of the episode's plays, already formatted. */
  ofTotalPlays: (percent: string) => `${percent} of total plays`,
  plays: (count: number) => `${formatCount(count)} ${count === 1 ? 'play' : 'plays'}`,
  /** Key Insights (spec 3 §2.2), their figures already formatted. */
  insights: {
    completionAbove: (rate: string) => `Completion rate of ${rate} is above the 50% average`,
    completionBelow: (rate: string) => `Completion rate of ${rate} is below the 50% average`,
    completionNotMeasured: 'Completion is measured when people listen in a Castbase player',
    topSource: (source: string) => `Top traffic source: ${source}`,
    topCountry: (country: string) => `Most popular country: ${country}`,
    listenShare: (share: string) => `Listeners hear ${share} of the episode on average`,
    listenShareNotMeasured: 'Listen time is measured when people listen in a Castbase player',
  },
  /** The traffic source an episode without any shows (spec 3 §2.2). */
  defaultSource: 'Web',
} as const;

/** The podcast analytics screen (spec 3 §2.3). */
export const podcastAnalyticsMessages = {
  title: 'Podcast Analytics',
  loading: 'Loading podcast analytics...',
  noDataBody: 'Analytics data is not available for this podcast yet.',
  overview: {
    title: 'Overview',
    publishedEpisodes: 'Published Episodes',
    totalPlays: 'Total Plays',
    uniqueListeners: 'Unique Listeners',
    averageEpisodeDuration: 'Avg Episode Duration',
    averageEpisodeDurationNotMeasured: 'Known once a published episode has media with a duration',
    subscribers: 'Subscribers',
    subscribersNotMeasured: 'No podcast app has fetched your feed in this range',
    growthRate: 'Growth Rate',
    growthHint: 'Last 7 days against the 7 before',
  },
  trends: { title: 'Daily Plays', subtitle: 'Plays per UTC day over the range' },
  performance: {
    title: 'Performance',
    averageCompletionRate: 'Avg Completion Rate',
    listenerRetention: 'Listener Retention',
    retentionHint: 'Listeners of 30 to 60 days ago who listened again in the last 30 days',
    /** Why retention is NOT_MEASURED (docs/analytics.md, "Reports"). */
    retentionNotMeasured:
      'Listener keys change every day for privacy, so no listener can be recognised 30 days later',
    monthlyGrowth: 'Monthly Growth',
    monthlyGrowthHint: 'Last 30 days against the 30 before',
  },
  topEpisodes: {
    title: 'Top Episodes',
    empty: 'No episode has plays in this range',
    episode: 'Episode',
    plays: 'Plays',
    listeners: 'Listeners',
    completion: 'Completion',
    listenTime: 'Avg Listen',
  },
  demographics: {
    title: 'Audience Demographics',
    countries: 'Countries',
    devices: 'Devices',
    apps: 'Podcast Apps',
    empty: 'No plays in this range',
  },
  dayParts: { title: 'Listening by Time of Day', subtitle: 'Plays per part of the day, in UTC' },
  realtime: {
    title: 'Right Now',
    activeStreams: 'Active Streams',
    activeStreamsHint: 'Castbase players playing in the last hour',
    trending: 'Trending Episodes',
    trendingEmpty: 'Nothing played in the last hour',
    score: (score: number) => `Score ${score}`,
    playsLastHour: (count: number) => `${episodeAnalyticsMessages.plays(count)} in the last hour`,
  },
} as const;

/** Feed (RSS) analytics (spec 3 §3 "Feed (RSS) analytics", §8). */
export const feedAnalyticsMessages = {
  title: 'Feed Analytics',
  subtitle: 'How podcast apps and directories fetch your RSS feed',
  loading: 'Loading feed analytics...',
  fetchFailed: 'Failed to fetch RSS analytics',
  noDataBody: 'No podcast app has fetched your feed in this range.',
  totalRequests: 'Total Requests',
  bandwidth: 'Bandwidth',
  averagePerRequest: 'Avg per Request',
  topCountries: 'Top Countries',
  topApps: 'Top Podcast Apps',
  hourlyDistribution: 'Requests by Hour',
  peakHours: 'Peak Hours',
  subscribers: 'Estimated Subscribers',
  subscribersHint:
    'Subscribers that aggregators report in their requests, plus each other app that fetched the feed',
  fromAggregators: 'Reported by aggregators',
  distinctFetchers: 'Other distinct apps',
  requests: (count: number) => `${formatCount(count)} ${count === 1 ? 'request' : 'requests'}`,
} as const;

/**
 * The dashboard's Analytics Overview card (spec 2 §2): its title, View All and empty state are the dashboard's own
 * texts, reused here so the card reads from one place.
 */
export const dashboardAnalyticsMessages = {
  title: dashboardMessages.analyticsOverview,
  viewAll: dashboardMessages.viewAll,
  noData: dashboardMessages.noAnalytics,
  noDataBody: 'Plays, unique listeners, average listening time and growth appear here once people listen.',
  loading: 'Loading analytics...',
  totalPlays: 'Total Plays',
  uniqueListeners: 'Unique Listeners',
  averageDuration: 'Avg Duration',
  growthRate: 'Growth Rate',
  /** The card shows the last 30 days (spec 2 §9). */
  rangeHint: 'Last 30 days',
} as const;

/** The Devices tab's labels (spec 3 §2.2). */
export const analyticsDeviceLabels = {
  mobile: 'Mobile',
  desktop: 'Desktop',
  tablet: 'Tablet',
  'smart speaker': 'Smart Speaker',
  tv: 'TV',
  unknown: 'Unknown',
} as const satisfies Record<AnalyticsDevice, string>;
