import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { growthRate, WEEKLY_REPORT_TOP_EPISODES, type WeeklyPodcastReport } from '@castbase/contracts';
import { MessageBus } from '@castbase/platform-messaging';
import { DownloadFigures, type DownloadScope } from './download-figures.js';
import { requireViewer } from './require-viewer.js';

/**
 * A podcast's week for the weekly report e-mail (identity sends it): downloads, distinct listeners and the most
 * downloaded episodes from `from` to `to`, and the downloads of as long a span before it, the growth's base. Figures
 * of the same DownloadFigures the analytics screens read, over any span of up to 31 days (the caller's week in their
 * own timezone, which need not start on a UTC day). The caller's role on the podcast (viewer and up) is asked of the
 * catalog first.
 */
@Injectable()
export class WeeklyReports {
  constructor(
    private readonly em: EntityManager,
    private readonly figures: DownloadFigures,
    private readonly bus: MessageBus,
  ) {}

  async week(userId: string, podcastId: string, from: Date, to: Date): Promise<WeeklyPodcastReport> {
    await requireViewer(this.bus, userId, podcastId, 'PODCAST_NOT_FOUND');
    const scope: DownloadScope = { podcastId, from, to };
    const before: DownloadScope = { podcastId, from: new Date(2 * from.getTime() - to.getTime()), to: from };
    const [downloads, listeners, previousDownloads, perEpisode] = await Promise.all([
      this.figures.total(scope),
      this.figures.listeners(scope),
      this.figures.total(before),
      this.figures.perEpisode(scope, WEEKLY_REPORT_TOP_EPISODES),
    ]);
    const titles = await this.titles(perEpisode.map((episode) => episode.episodeId));
    return {
      podcastId,
      from: from.toISOString(),
      to: to.toISOString(),
      downloads,
      listeners,
      previousDownloads,
      growthPercent: growthRate(downloads, previousDownloads),
      topEpisodes: perEpisode.map((episode) => ({
        episodeId: episode.episodeId,
        title: titles.get(episode.episodeId) ?? '',
        downloads: episode.plays,
        listeners: episode.listeners,
      })),
    };
  }

  /** Titles as the redirect's copy of the published episodes keeps them. */
  private async titles(episodeIds: readonly string[]): Promise<Map<string, string>> {
    if (episodeIds.length === 0) return new Map();
    const rows = await this.em
      .getConnection()
      .execute<Array<{ episode_id: string; title: string | null }>>(
        'select episode_id, title from analytics.enclosures where episode_id in (?)',
        [episodeIds],
      );
    return new Map(rows.map((row) => [row.episode_id, row.title ?? '']));
  }
}
