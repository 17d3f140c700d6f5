import { describe, expect, it } from '@jest/globals';
import { dashboardMessages } from '../catalog/dashboard.js';
import {
  analyticsDeviceLabels,
  analyticsMessages,
  dashboardAnalyticsMessages,
  episodeAnalyticsMessages as episode,
  podcastAnalyticsMessages,
} from './analytics-messages.js';
import { exportMessages } from './export-messages.js';

describe('analytics screen texts (spec 3 §2.2, §2.3, §8)', () => {
  it("writes the episode screen's states word for word", () => {
    expect(episode.loading).toBe('Loading episode analytics...');
    expect(analyticsMessages.noData).toBe('No Analytics Data');
    expect(episode.noDataBody).toBe('Analytics data is not available for this episode.');
    expect(analyticsMessages.backToDashboard).toBe('Back to Dashboard');
    expect(episode.episodeNotFound).toBe('Episode not found');
    expect(episode.episodeLoadFailed).toBe('Failed to load episode');
    expect(analyticsMessages.loadFailed).toBe('Failed to load analytics');
    expect(analyticsMessages.genericError).toBe('An error occurred');
    expect(episode.published).toBe('Episode Analytics • Published');
  });

  it('names the stat cards, tabs and the trend chart as the spec does', () => {
    expect(episode.cards).toEqual({
      totalPlays: 'Total Plays',
      uniqueListeners: 'Unique Listeners',
      completionRate: 'Completion Rate',
      averageListenDuration: 'Avg Listen Duration',
    });
    expect(Object.values(episode.tabs)).toEqual(['Overview', 'Trends', 'Sources', 'Geography', 'Devices']);
    expect(episode.trends).toEqual({ title: 'Play Trends', subtitle: 'Episode plays over time' });
    expect(episode.overview).toMatchObject({
      performanceSummary: 'Performance Summary',
      keyInsights: 'Key Insights',
      engagementMetrics: 'Engagement Metrics',
    });
  });

  it("words the incomplete-data banner around the fetch's error", () => {
    expect(analyticsMessages.incomplete('Feed analytics timed out')).toBe(
      'Analytics data may be incomplete: Feed analytics timed out',
    );
  });

  it('counts plays with singular and plural', () => {
    expect(episode.plays(1)).toBe('1 play');
    expect(episode.plays(12_345)).toBe('12,345 plays');
    expect(podcastAnalyticsMessages.realtime.score(70)).toBe('Score 70');
  });

  it('labels each device of the Devices tab', () => {
    expect(analyticsDeviceLabels['smart speaker']).toBe('Smart Speaker');
    expect(analyticsDeviceLabels.tv).toBe('TV');
  });
});

describe("the dashboard's Analytics Overview card (spec 2 §2)", () => {
  it("reuses the dashboard's own title, View All and empty state", () => {
    expect(dashboardAnalyticsMessages.title).toBe(dashboardMessages.analyticsOverview);
    expect(dashboardAnalyticsMessages.viewAll).toBe(dashboardMessages.viewAll);
    expect(dashboardAnalyticsMessages.noData).toBe('No Analytics Data');
  });

  it('names its four figures', () => {
    expect(dashboardAnalyticsMessages).toMatchObject({
      totalPlays: 'Total Plays',
      uniqueListeners: 'Unique Listeners',
      averageDuration: 'Avg Duration',
      growthRate: 'Growth Rate',
    });
  });
});

describe('export dialog texts (spec 3 §2.4)', () => {
  it('writes the sections and options word for word', () => {
    expect(exportMessages).toMatchObject({
      button: 'Export Analytics',
      title: 'Export Analytics Data',
      format: 'Export Format',
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
      unsupportedFormat: 'Unsupported export format',
    });
  });

  it('puts the format in capitals on the export button', () => {
    expect(['csv', 'json', 'pdf'].map(exportMessages.exportAs)).toEqual([
      'Export CSV',
      'Export JSON',
      'Export PDF',
    ]);
    expect(exportMessages.estimatedSize(125_000)).toBe('Estimated size: about 125,000 KB');
  });
});
