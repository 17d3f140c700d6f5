import { HOUR_MS } from '@castbase/contracts';
import type { DownloadScope } from './rollup-sql.js';

type Query = (sql: string, parameters: unknown[]) => Promise<Array<Record<string, unknown>>>;

/**
 * Distinct listener keys among counted downloads. Keys change with the daily salt, so listeners cannot be added up
 * across days or hours (migration 20261127000100_download_rollups keeps what is needed instead):
 * - a podcast's listeners since a time are the keys whose latest download is after it: a sum over
 *   `podcast_listener_hours` from the next whole hour, plus the keys whose latest falls in the part of an hour before
 *   it (read from that part's downloads). A range with an end (an export's custom range) is counted from the
 *   downloads themselves.
 * - an episode's listeners over any range are its plays less, for the keys with more than one download of it
 *   (`episode_listener_repeats`, empty unless rows are written otherwise than by the counting), their downloads beyond
 *   the first in the range.
 */
export class DistinctListeners {
  constructor(private readonly query: Query) {}

  async ofPodcast(scope: DownloadScope): Promise<number> {
    if (scope.to) {
      const [row] = await this.query(
        `select count(distinct listener)::int as n from analytics.downloads
          where podcast_id = ? and excluded is null${scope.from ? ' and counted_at >= ?' : ''} and counted_at < ?`,
        [scope.podcastId, ...(scope.from ? [scope.from] : []), scope.to],
      );
      return Number(row?.['n'] ?? 0);
    }
    const hoursFrom = scope.from && new Date(Math.ceil(scope.from.getTime() / HOUR_MS) * HOUR_MS);
    const partial = scope.from && hoursFrom && hoursFrom > scope.from;
    const [row] = await this.query(
      `select (select coalesce(sum(listeners), 0) from analytics.podcast_listener_hours
                where podcast_id = ?${hoursFrom ? ' and hour >= ?' : ''})
            + ${
              partial
                ? `(select count(distinct d.listener) from analytics.downloads d
                     join analytics.podcast_listeners l on l.podcast_id = d.podcast_id and l.listener = d.listener
                    where d.podcast_id = ? and d.excluded is null and d.counted_at >= ? and d.counted_at < ?
                      and l.last_at < ?)`
                : '0'
            } as n`,
      [
        scope.podcastId,
        ...(hoursFrom ? [hoursFrom] : []),
        ...(partial ? [scope.podcastId, scope.from, hoursFrom, hoursFrom] : []),
      ],
    );
    return Number(row?.['n'] ?? 0);
  }

  /** Each episode's listeners over the scope's range, from its plays over that range. */
  async ofEpisodes(scope: DownloadScope, plays: ReadonlyMap<string, number>): Promise<Map<string, number>> {
    const listeners = new Map(plays);
    if (plays.size === 0) return listeners;
    const episodes = [...plays.keys()];
    const bounds = `${scope.from ? ' and counted_at >= ?' : ''}${scope.to ? ' and counted_at < ?' : ''}`;
    const rows = await this.query(
      `select episode_id::text as episode, count(*) - count(distinct listener) as beyond_first
         from analytics.episode_listener_repeats
        where podcast_id = ? and episode_id in (${episodes.map(() => '?').join(', ')})${bounds}
        group by episode_id`,
      [scope.podcastId, ...episodes, ...(scope.from ? [scope.from] : []), ...(scope.to ? [scope.to] : [])],
    );
    for (const row of rows) {
      const episode = String(row['episode']);
      listeners.set(episode, (plays.get(episode) ?? 0) - Number(row['beyond_first']));
    }
    return listeners;
  }
}
