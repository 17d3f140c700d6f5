import { Injectable } from '@nestjs/common';
import {
  catalogRequests,
  DomainError,
  EXPORT_MAX_EPISODES,
  EXPORT_TOP_APPS,
  EXPORT_TOP_COUNTRIES,
  exportMetricNotes,
  exportPeriods,
  exportPeriodStart,
  exportRangeBounds,
  isDomainError,
  type AnalyticsExportConfig,
  type AnalyticsExportData,
  type ExportMetric,
  type ExportMetricValues,
} from '@castbase/contracts';
import { MessageBus } from '@castbase/platform-messaging';
import { DownloadFigures } from '../reports/download-figures.js';
import { ExportFigures, type ExportListening, type ExportScope } from './export-figures.js';
import { catalogEpisodeTitle } from '../reports/catalog-episode-title.js';

/** What the measures of one period (or the range) are read from. */
interface MeasuredPeriod {
  downloads: { plays: number; listeners: number } | undefined;
  listening: ExportListening | undefined;
  feedBytes: number | undefined;
}

/**
 * The figures of an analytics export (spec 3 §2.4, §9): per period of the range (a preset, or the custom range as
 * chosen) and over the whole of it, the chosen metrics, each measured and never estimated; with detailed data the top
 * published episodes, countries and podcast apps. The caller's role on the podcast (viewer or more) is checked with
 * the catalog first: a stranger gets 404.
 */
@Injectable()
export class AnalyticsExports {
  constructor(
    private readonly downloads: DownloadFigures,
    private readonly figures: ExportFigures,
    private readonly bus: MessageBus,
  ) {}

  async export(
    userId: string,
    podcastId: string,
    config: AnalyticsExportConfig,
    now = new Date(),
  ): Promise<AnalyticsExportData> {
    const podcast = await this.podcastOf(userId, podcastId);
    const episode = config.episodeId ? await this.episodeOf(userId, podcastId, config.episodeId) : null;
    const bounds = exportRangeBounds(config.range, now);
    const scope: ExportScope = {
      podcastId,
      ...(episode ? { episodeId: episode.id } : {}),
      from: bounds.from,
      to: bounds.to,
    };
    const [periods, totals, detailed] = await Promise.all([
      this.periods(scope, config, now),
      this.totals(scope, config.metrics),
      config.includeRawData ? this.detailed(userId, scope) : null,
    ]);
    return {
      podcast: { id: podcastId, name: podcast.name },
      episode,
      range: {
        kind: config.range.kind,
        preset: config.range.kind === 'preset' ? config.range.range : null,
        from: bounds.from?.toISOString() ?? null,
        to: bounds.to.toISOString(),
      },
      groupBy: config.groupBy,
      metrics: config.metrics,
      generatedAt: now.toISOString(),
      totals,
      periods,
      notes: exportMetricNotes(config.metrics, episode !== null),
      detailed,
    };
  }

  /**
   * The rows: every period of the range from the first recorded event on (nothing was recorded before it) up to now
   * (a custom To may lie a day ahead).
   */
  private async periods(
    scope: ExportScope,
    { metrics, groupBy }: AnalyticsExportConfig,
    now: Date,
  ): Promise<AnalyticsExportData['periods']> {
    const [firstDownload, firstOther] = await Promise.all([
      this.downloads.first({ ...scope, from: null, to: undefined }),
      this.figures.firstListeningOrFeedRequest(scope),
    ]);
    const firstEvents = [firstDownload, firstOther].filter((date): date is Date => date !== null);
    if (firstEvents.length === 0) return [];
    const firstPeriod = exportPeriodStart(
      new Date(Math.min(...firstEvents.map((date) => date.getTime()))),
      groupBy,
    );
    const start = scope.from && scope.from > firstPeriod ? scope.from : firstPeriod;
    const end = scope.to < now ? scope.to : now;
    if (start >= end) return [];
    const within: ExportScope = { ...scope, from: start, to: end };
    const [downloads, listening, feedBytes] = await Promise.all([
      needsDownloads(metrics)
        ? this.figures.downloadsByPeriod(within, groupBy)
        : new Map<string, { plays: number; listeners: number }>(),
      needsListening(metrics)
        ? this.figures.listeningByPeriod(within, groupBy)
        : new Map<string, ExportListening>(),
      metrics.includes('bandwidth') && !scope.episodeId
        ? this.figures.feedBytesByPeriod(within, groupBy)
        : new Map<string, number>(),
    ]);
    return exportPeriods(start, end, groupBy).map((period) => ({
      period: period.label,
      start: period.start.toISOString(),
      end: period.end.toISOString(),
      values: valuesOf(metrics, scope.episodeId !== undefined, {
        downloads: downloads.get(period.label) ?? { plays: 0, listeners: 0 },
        listening: listening.get(period.label),
        feedBytes: feedBytes.get(period.label) ?? 0,
      }),
    }));
  }

  /** The range's figures; listeners are distinct over the range, not added up. */
  private async totals(scope: ExportScope, metrics: readonly ExportMetric[]): Promise<ExportMetricValues> {
    const [plays, listeners, listening, feedBytes] = await Promise.all([
      metrics.includes('plays') ? this.downloads.total(scope) : 0,
      metrics.includes('listeners') ? this.downloads.listeners(scope) : 0,
      needsListening(metrics) ? this.figures.listening(scope) : undefined,
      metrics.includes('bandwidth') && !scope.episodeId ? this.figures.feedBytes(scope) : 0,
    ]);
    return valuesOf(metrics, scope.episodeId !== undefined, {
      downloads: { plays, listeners },
      listening,
      feedBytes,
    });
  }

  private async detailed(userId: string, scope: ExportScope): Promise<AnalyticsExportData['detailed']> {
    const total = await this.downloads.total(scope);
    const [episodes, countries, apps] = await Promise.all([
      this.figures.publishedEpisodePlays(scope, EXPORT_MAX_EPISODES),
      this.downloads.countries(scope, total, EXPORT_TOP_COUNTRIES),
      this.downloads.apps(scope, total, EXPORT_TOP_APPS),
    ]);
    const listening = await this.figures.listeningByEpisode(
      scope,
      episodes.map((episode) => episode.episodeId),
    );
    return {
      topEpisodes: await Promise.all(
        episodes.map(async (episode, index) => ({
          rank: index + 1,
          episodeId: episode.episodeId,
          // An enclosure kept before titles were sent has none: its title is asked of the catalog.
          title: episode.title || (await catalogEpisodeTitle(this.bus, userId, episode.episodeId)),
          plays: episode.plays,
          listeners: episode.listeners,
          completionRate: listening.get(episode.episodeId)?.completionRate ?? null,
          averageListenSeconds: listening.get(episode.episodeId)?.averageListenSeconds ?? null,
        })),
      ),
      topCountries: countries.map((country, index) => ({
        rank: index + 1,
        country: country.country,
        name: country.name,
        plays: country.plays,
        percent: country.percent,
      })),
      topApps: apps.map((app, index) => ({
        rank: index + 1,
        app: app.app,
        plays: app.count,
        percent: app.percent,
      })),
    };
  }

  /** The podcast as its viewer (or more) sees it; anyone else: 404. */
  private async podcastOf(userId: string, podcastId: string): Promise<{ name: string }> {
    try {
      return await this.bus.request(catalogRequests.getPodcast, { userId, podcastId });
    } catch (error) {
      if (isDomainError(error) && (error.code === 'PODCAST_NOT_FOUND' || error.code === 'FORBIDDEN'))
        throw new DomainError('PODCAST_NOT_FOUND');
      throw error;
    }
  }

  /** The episode, which must be the podcast's (the catalog checks the caller's role on it). */
  private async episodeOf(
    userId: string,
    podcastId: string,
    episodeId: string,
  ): Promise<{ id: string; title: string }> {
    const episode = await this.bus
      .request(catalogRequests.getEpisode, { userId, episodeId })
      .catch((error: unknown) => {
        if (isDomainError(error) && error.code === 'EPISODE_NOT_FOUND') return null;
        throw error;
      });
    if (!episode || episode.podcastId !== podcastId) throw new DomainError('EPISODE_NOT_FOUND');
    return { id: episode.id, title: episode.title };
  }
}

function needsDownloads(metrics: readonly ExportMetric[]): boolean {
  return metrics.includes('plays') || metrics.includes('listeners');
}

function needsListening(metrics: readonly ExportMetric[]): boolean {
  return metrics.includes('completion') || metrics.includes('duration');
}

/** The chosen metrics of a period; the ones Castbase did not measure there are null. */
function valuesOf(
  metrics: readonly ExportMetric[],
  forEpisode: boolean,
  measured: MeasuredPeriod,
): ExportMetricValues {
  const values: ExportMetricValues = {};
  for (const metric of metrics) {
    switch (metric) {
      case 'plays':
        values.plays = measured.downloads?.plays ?? 0;
        break;
      case 'listeners':
        values.listeners = measured.downloads?.listeners ?? 0;
        break;
      case 'completion':
        values.completion = measured.listening?.completionRate ?? null;
        break;
      case 'duration':
        values.duration = measured.listening?.averageListenSeconds ?? null;
        break;
      case 'bandwidth':
        values.bandwidth = forEpisode ? null : (measured.feedBytes ?? 0);
        break;
    }
  }
  return values;
}
