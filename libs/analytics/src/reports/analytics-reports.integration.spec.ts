import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import {
  analyticsRequests,
  dashboardAnalyticsSchema,
  episodeAnalyticsSchema,
  podcastAnalyticsSchema,
  publicAnalyticsRequests,
} from '@castbase/contracts';
import { startAnalyticsTestApp, type AnalyticsTestApp } from '../testing/analytics-test-app.js';

const OVERCAST = 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)';
const ANTENNAPOD = 'de.danoeh.antennapod/1.7.3b (Linux;Android 8.0.0) ExoPlayerLib/2.9.3';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('analytics reports: the figures of the analytics screens, from counted downloads', () => {
  let analytics: AnalyticsTestApp;
  let first: Awaited<ReturnType<AnalyticsTestApp['publishedEpisode']>>;
  let second: Awaited<ReturnType<AnalyticsTestApp['publishedEpisode']>>;

  const download = (path: string, address: string, userAgent: string) =>
    request(analytics.app.getHttpServer())
      .get(path)
      .set('X-Forwarded-For', address)
      .set('User-Agent', userAgent)
      .expect(302);

  beforeAll(async () => {
    analytics = await startAnalyticsTestApp('cbtest_analytics_reports');
    first = await analytics.publishedEpisode(undefined, 'owner-r');
    // A second episode of the same podcast.
    second = await analytics.publishedEpisode(undefined, 'owner-r');
    await analytics.rows('update analytics.enclosures set podcast_id = ? where episode_id = ?', [
      first.podcastId,
      second.episodeId,
    ]);
    analytics.catalogEpisodes.get(second.episodeId)!.podcastId = first.podcastId;
    second = {
      ...second,
      podcastId: first.podcastId,
      path: `/e/${first.podcastId}/${second.episodeId}/episode.mp3`,
    };

    // The first episode: three listeners in the US and Germany with two apps, one of them twice (one download).
    await download(first.path, '8.8.8.8', OVERCAST);
    await download(first.path, '8.8.8.8', OVERCAST);
    await download(first.path, '8.8.4.4', ANTENNAPOD);
    await download(`${first.path}?src=page`, '9.9.9.9', CHROME);
    // The second: one listener, and a bot that counts for nothing.
    await download(second.path, '8.8.8.8', ANTENNAPOD);
    await download(
      second.path,
      '8.8.8.8',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    );
    await analytics.countDownloads();
  });

  afterAll(async () => {
    await analytics?.close();
  });

  it("answers a podcast's public totals of all time with no caller: total plays and unique listeners, nothing more", async () => {
    const figures = await analytics.bus.request(publicAnalyticsRequests.getPodcastFigures, {
      podcastId: first.podcastId,
    });

    expect(figures).toEqual({ totalPlays: 4, uniqueListeners: 4 });
  });

  it('answers zeros for a podcast without downloads', async () => {
    expect(
      await analytics.bus.request(publicAnalyticsRequests.getPodcastFigures, {
        podcastId: crypto.randomUUID(),
      }),
    ).toEqual({ totalPlays: 0, uniqueListeners: 0 });
  });

  it("answers the podcast analytics screen's figures", async () => {
    const answer = podcastAnalyticsSchema.parse(
      await analytics.bus.request(analyticsRequests.getPodcastAnalytics, {
        userId: 'owner-r',
        podcastId: first.podcastId,
        timeRange: '30d',
      }),
    );

    expect(answer.overview).toEqual({
      publishedEpisodes: 2,
      totalPlays: 4,
      uniqueListeners: 4,
      averageEpisodeDurationSeconds: 3,
      subscriberCount: null,
      // Every download is of today: one point, and the spec's trend is 0 with fewer than 2.
      growthRate: 0,
    });
    expect(answer.performance.topEpisodes.map((episode) => [episode.title, episode.totalPlays])).toEqual([
      [analytics.catalogEpisodes.get(first.episodeId)!.title, 3],
      [analytics.catalogEpisodes.get(second.episodeId)!.title, 1],
    ]);
    expect(answer.demographics.apps.map((app) => [app.app, app.count, app.percent])).toEqual([
      ['AntennaPod', 2, 50],
      ['Overcast', 1, 25],
      ['Web Browser', 1, 25],
    ]);
    expect(answer.demographics.countries.map((country) => country.country).sort()).toEqual(
      expect.arrayContaining(['US']),
    );
    expect(answer.trends.daily.at(-1)?.plays).toBe(4);
    expect(answer.trends.daily).toHaveLength(30);
    expect(answer.dayParts.reduce((sum, part) => sum + part.plays, 0)).toBe(4);
    expect(answer.performance.listenerRetention).toBeNull();
    expect(answer.hasData).toBe(true);
  });

  it("answers the episode analytics screen's figures, with sources and insights", async () => {
    const answer = episodeAnalyticsSchema.parse(
      await analytics.bus.request(analyticsRequests.getEpisodeAnalytics, {
        userId: 'owner-r',
        podcastId: first.podcastId,
        episodeId: first.episodeId,
        timeRange: '7d',
      }),
    );

    expect(answer.totalPlays).toBe(3);
    expect(answer.uniqueListeners).toBe(3);
    expect(answer.playsTrend).toBe(0);
    expect(answer.playTrend).toHaveLength(7);
    expect(answer.playTrend.at(-1)?.plays).toBe(3);
    expect(answer.sources.map((source) => [source.source, source.count])).toEqual([
      ['Podcast app', 2],
      ['Castbase page', 1],
    ]);
    expect(answer.completionRate).toBeNull();
    expect(answer.performance).toBeNull();
    expect(answer.insights.map((insight) => insight.kind)).toEqual([
      'completion',
      'topSource',
      'topCountry',
      'listenShare',
    ]);
    expect(answer.episode.title).toBe(analytics.catalogEpisodes.get(first.episodeId)!.title);
  });

  it("answers the dashboard card's last 30 days", async () => {
    expect(
      dashboardAnalyticsSchema.parse(
        await analytics.bus.request(analyticsRequests.getDashboardAnalytics, {
          userId: 'owner-r',
          podcastId: first.podcastId,
        }),
      ),
    ).toEqual({
      totalPlays: 4,
      uniqueListeners: 4,
      averageListenMinutes: null,
      growthRate: 0,
      hasData: true,
    });
  });

  it('lets a viewer read them, and answers a stranger 404 without data', async () => {
    analytics.contributorRoles.set(first.podcastId, new Map([['viewer-v', 'viewer']]));
    await expect(
      analytics.bus.request(analyticsRequests.getDashboardAnalytics, {
        userId: 'viewer-v',
        podcastId: first.podcastId,
      }),
    ).resolves.toMatchObject({ totalPlays: 4 });
    await expect(
      analytics.bus.request(analyticsRequests.getPodcastAnalytics, {
        userId: 'stranger',
        podcastId: first.podcastId,
        timeRange: '30d',
      }),
    ).rejects.toMatchObject({ code: 'PODCAST_NOT_FOUND' });
    await expect(
      analytics.bus.request(analyticsRequests.getEpisodeAnalytics, {
        userId: 'stranger',
        podcastId: first.podcastId,
        episodeId: first.episodeId,
        timeRange: '30d',
      }),
    ).rejects.toMatchObject({ code: 'EPISODE_NOT_FOUND' });
  });
});
