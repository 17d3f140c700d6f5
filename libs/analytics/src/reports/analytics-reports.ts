import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  ANALYTICS_CACHE_TTL_MS,
  ANALYTICS_TOP_LISTS,
  analyticsRangeStart,
  catalogRequests,
  dayPartBreakdown,
  DomainError,
  episodePerformance,
  isDomainError,
  keyInsights,
  monthOverMonthGrowth,
  REALTIME_WINDOW_MS,
  secondsToMinutes,
  trendBuckets,
  trendingScore,
  weekOverWeekTrend,
  type AnalyticsTimeRange,
  type DashboardAnalytics,
  type EpisodeAnalytics,
  type ErrorCode,
  type PodcastAnalytics,
  type PublicPodcastFigures,
} from '@castbase/contracts';
import { MessageBus } from '@castbase/platform-messaging';
import { FeedAnalyticsService } from '../feed-requests/feed-analytics.service.js';
import { requireViewer } from './require-viewer.js';
import {
  daysBetween,
  DownloadFigures,
  type DownloadScope,
  type ListeningFigures,
} from './download-figures.js';
import { catalogEpisodeTitle } from './catalog-episode-title.js';

const DAY_MS = 86_400_000;
const MAX_CACHED = 1_000;
const NO_LISTENING: ListeningFigures = { sessions: 0, completionRate: null, averageListenSeconds: null };

/**
 * The answers of the analytics screens (spec 3 §2.2, §2.3, §9 and the dashboard card of spec 2), each computed on the
 * server with the contracts' formulas and kept five minutes per podcast, episode and range. The caller's role on the
 * podcast (viewer or more) is asked of the catalog first, behind the gateway's own check: a stranger gets 404.
 */
@Injectable()
export class AnalyticsReports {
  private readonly cache = new Map<string, { until: number; answer: unknown }>();

  constructor(
    private readonly em: EntityManager,
    private readonly figures: DownloadFigures,
    private readonly bus: MessageBus,
    private readonly feedAnalytics: FeedAnalyticsService,
  ) {}

  async podcast(
    userId: string,
    podcastId: string,
    range: AnalyticsTimeRange,
    now = new Date(),
  ): Promise<PodcastAnalytics> {
    await this.checkViewer(userId, { podcastId }, 'PODCAST_NOT_FOUND');
    return this.cached(`podcast:${podcastId}:${range}`, async () => {
      const scope: DownloadScope = { podcastId, from: analyticsRangeStart(range, now) };
      const totalPlays = await this.figures.total(scope);
      const [uniqueListeners, episodes, perEpisode, countries, devices, apps, hourly, listening] =
        await Promise.all([
          this.figures.listeners(scope),
          this.publishedEpisodes(podcastId),
          this.figures.perEpisode(scope, ANALYTICS_TOP_LISTS.podcastEpisodes),
          this.figures.countries(scope, totalPlays, ANALYTICS_TOP_LISTS.podcastCountries),
          this.figures.devices(scope, totalPlays),
          this.figures.apps(scope, totalPlays, ANALYTICS_TOP_LISTS.podcastApps),
          this.figures.hourly(scope),
          this.figures.listening(scope),
        ]);
      const lastSixtyDays = await this.figures.daily({
        podcastId,
        from: new Date(now.getTime() - 60 * DAY_MS),
      });
      const daily = await this.figures.daily(scope);
      const byDay = new Map(daily.map((entry) => [entry.date, entry.plays]));
      const firstDay = scope.from ?? (daily[0] ? new Date(`${daily[0].date}T00:00:00Z`) : now);
      const titles = new Map(episodes.map((episode) => [episode.episodeId, episode.title]));
      const listeningPerEpisode = await this.figures.listeningPerEpisode(
        scope,
        perEpisode.map((entry) => entry.episodeId),
      );
      const topEpisodes = await Promise.all(
        perEpisode.map(async (entry) => {
          const episodeListening = listeningPerEpisode.get(entry.episodeId) ?? NO_LISTENING;
          return {
            episodeId: entry.episodeId,
            title:
              titles.get(entry.episodeId) || (await catalogEpisodeTitle(this.bus, userId, entry.episodeId)),
            totalPlays: entry.plays,
            uniqueListeners: entry.listeners,
            completionRate: episodeListening.completionRate,
            averageListenSeconds: episodeListening.averageListenSeconds,
          };
        }),
      );
      const durations = episodes.flatMap((episode) =>
        episode.durationSeconds === null ? [] : [episode.durationSeconds],
      );
      return {
        timeRange: range,
        overview: {
          publishedEpisodes: episodes.length,
          totalPlays,
          uniqueListeners,
          averageEpisodeDurationSeconds:
            durations.length === 0
              ? null
              : durations.reduce((sum, seconds) => sum + seconds, 0) / durations.length,
          subscriberCount: await this.subscriberCount(podcastId, range),
          growthRate: weekOverWeekTrend(lastSixtyDays, now),
        },
        trends: {
          daily: daysBetween(firstDay, now).map((date) => ({ date, plays: byDay.get(date) ?? 0 })),
          monthlyGrowth: monthOverMonthGrowth(lastSixtyDays, now),
        },
        performance: {
          topEpisodes,
          averageCompletionRate: listening.completionRate,
          // Listener keys change every UTC day (the privacy of the daily salt): no key links a listener of 30 to 60
          // days ago with one of the last 30 days, so retention cannot be measured, and is not estimated.
          listenerRetention: null,
        },
        demographics: { countries, devices, apps },
        dayParts: dayPartBreakdown(hourly),
        realtime: await this.realtime(userId, podcastId, titles, now),
        hasData: totalPlays > 0 || listening.sessions > 0,
        generatedAt: now.toISOString(),
      };
    });
  }

  async episode(
    userId: string,
    podcastId: string,
    episodeId: string,
    range: AnalyticsTimeRange,
    now = new Date(),
  ): Promise<EpisodeAnalytics> {
    await this.checkViewer(userId, { podcastId }, 'EPISODE_NOT_FOUND');
    const episode = await this.episodeOf(userId, podcastId, episodeId);
    return this.cached(`episode:${episodeId}:${range}`, async () => {
      const scope: DownloadScope = { podcastId, episodeId, from: analyticsRangeStart(range, now) };
      const totalPlays = await this.figures.total(scope);
      const [uniqueListeners, sources, countries, devices, apps, listening, recent] = await Promise.all([
        this.figures.listeners(scope),
        this.figures.sources(scope, totalPlays),
        this.figures.countries(scope, totalPlays, ANALYTICS_TOP_LISTS.episodeCountryCards),
        this.figures.devices(scope, totalPlays),
        this.figures.apps(scope, totalPlays, ANALYTICS_TOP_LISTS.podcastApps),
        this.figures.listening(scope),
        this.figures.daily({ podcastId, episodeId, from: new Date(now.getTime() - 14 * DAY_MS) }),
      ]);
      const earliest = scope.from ? null : await this.figures.first({ podcastId, episodeId, from: null });
      const buckets = trendBuckets(range, now, earliest);
      const counts = await this.figures.trend(scope, buckets);
      const performance = episodePerformance({
        completionRate: listening.completionRate,
        averageListenSeconds: listening.averageListenSeconds,
        plays: totalPlays,
      });
      return {
        episode,
        timeRange: range,
        totalPlays,
        playsTrend: weekOverWeekTrend(recent, now),
        uniqueListeners,
        completionRate: listening.completionRate,
        averageListenSeconds: listening.averageListenSeconds,
        playTrend: buckets.map((bucket, index) => ({
          start: bucket.start.toISOString(),
          end: bucket.end.toISOString(),
          label: bucket.label,
          plays: counts[index] ?? 0,
        })),
        sources,
        countries,
        devices,
        apps,
        performance,
        insights: keyInsights({
          completionRate: listening.completionRate,
          sources,
          countries,
          averageListenSeconds: listening.averageListenSeconds,
          durationSeconds: episode.durationSeconds,
        }),
        hasData: totalPlays > 0 || listening.sessions > 0,
        generatedAt: now.toISOString(),
      };
    });
  }

  /** The dashboard's Analytics Overview card: the last 30 days. */
  async dashboard(userId: string, podcastId: string, now = new Date()): Promise<DashboardAnalytics> {
    await this.checkViewer(userId, { podcastId }, 'PODCAST_NOT_FOUND');
    return this.cached(`dashboard:${podcastId}`, async () => {
      const scope: DownloadScope = { podcastId, from: analyticsRangeStart('30d', now) };
      const [totalPlays, uniqueListeners, listening, recent] = await Promise.all([
        this.figures.total(scope),
        this.figures.listeners(scope),
        this.figures.listening(scope),
        this.figures.daily({ podcastId, from: new Date(now.getTime() - 14 * DAY_MS) }),
      ]);
      return {
        totalPlays,
        uniqueListeners,
        averageListenMinutes: secondsToMinutes(listening.averageListenSeconds),
        // The same rule as the podcast screen's growth: the last 7 days against the 7 before.
        growthRate: weekOverWeekTrend(recent, now),
        hasData: totalPlays > 0 || listening.sessions > 0,
      };
    });
  }

  /**
   * A podcast's totals of all time for its public page. No caller and no role check: the gateway asks only once
   * identity said the owner shares their figures, and the answer is aggregates only.
   */
  publicFigures(podcastId: string): Promise<PublicPodcastFigures> {
    return this.cached(`public:${podcastId}`, async () => {
      const scope: DownloadScope = { podcastId, from: null };
      const [totalPlays, uniqueListeners] = await Promise.all([
        this.figures.total(scope),
        this.figures.listeners(scope),
      ]);
      return { totalPlays, uniqueListeners };
    });
  }

  /** Forgets every kept answer, so the next ones are computed (a benchmark of the queries themselves). */
  clearCache(): void {
    this.cache.clear();
  }

  private async cached<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && hit.until > now) return hit.answer as T;
    const answer = await compute();
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    this.cache.set(key, { until: now + ANALYTICS_CACHE_TTL_MS, answer });
    return answer;
  }

  private checkViewer(userId: string, target: { podcastId: string }, notFound: ErrorCode): Promise<void> {
    return requireViewer(this.bus, userId, target.podcastId, notFound);
  }

  /** The episode as the screen's header shows it, from the catalog (which checks it is the podcast's). */
  private async episodeOf(
    userId: string,
    podcastId: string,
    episodeId: string,
  ): Promise<EpisodeAnalytics['episode']> {
    const episode = await this.bus
      .request(catalogRequests.getEpisode, { userId, episodeId })
      .catch((error: unknown) => {
        if (isDomainError(error) && error.code === 'EPISODE_NOT_FOUND') return null;
        throw error;
      });
    if (!episode || episode.podcastId !== podcastId) throw new DomainError('EPISODE_NOT_FOUND');
    return {
      id: episode.id,
      title: episode.title,
      publishedAt: episode.publishDate ?? null,
      createdAt: episode.createdAt,
      durationSeconds: episode.media?.durationSeconds ?? null,
    };
  }

  private async publishedEpisodes(
    podcastId: string,
  ): Promise<Array<{ episodeId: string; title: string; durationSeconds: number | null }>> {
    const rows = await this.em
      .getConnection()
      .execute<Array<{ episode_id: string; title: string | null; duration_seconds: number | null }>>(
        'select episode_id, title, duration_seconds from analytics.enclosures where podcast_id = ?',
        [podcastId],
      );
    // An enclosure kept before titles were sent has none: its title is asked of the catalog when it is listed.
    return rows.map((row) => ({
      episodeId: row.episode_id,
      title: row.title ?? '',
      durationSeconds: row.duration_seconds,
    }));
  }

  /** Sessions heard from in the last hour, and the episodes played most in it. */
  private async realtime(
    userId: string,
    podcastId: string,
    titles: Map<string, string>,
    now: Date,
  ): Promise<PodcastAnalytics['realtime']> {
    const since = new Date(now.getTime() - REALTIME_WINDOW_MS);
    const connection = this.em.getConnection();
    const [active] = await connection.execute<Array<{ n: number }>>(
      `select count(*)::int as n from analytics.listening_sessions
         where podcast_id = ? and last_beacon_at >= ? and ended_at is null`,
      [podcastId, since],
    );
    const played = await connection.execute<Array<{ episode_id: string; n: number }>>(
      `select episode_id, count(*)::int as n from analytics.listening_sessions
         where podcast_id = ? and started_at >= ? group by episode_id order by n desc, episode_id
         limit ${ANALYTICS_TOP_LISTS.trendingEpisodes}`,
      [podcastId, since],
    );
    return {
      activeStreams: Number(active?.n ?? 0),
      trending: await Promise.all(
        played.map(async (row) => ({
          episodeId: row.episode_id,
          title: titles.get(row.episode_id) || (await catalogEpisodeTitle(this.bus, userId, row.episode_id)),
          playsLastHour: Number(row.n),
          score: trendingScore(Number(row.n)),
        })),
      ),
    };
  }

  /** The feed's subscriber estimate over the range, from the feed analytics (null while no app fetched the feed). */
  private async subscriberCount(podcastId: string, range: AnalyticsTimeRange): Promise<number | null> {
    const feed = await this.feedAnalytics.answer(podcastId, range);
    return feed.hasData ? feed.subscribers.estimate : null;
  }
}
