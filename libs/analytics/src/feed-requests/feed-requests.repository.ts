import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ANALYTICS_TOP_LISTS, DAY_MS, HOURS_PER_DAY, UNKNOWN_COUNTRY, utcDateKey } from '@castbase/contracts';
import { UNKNOWN_APP } from '../attribution/index.js';
import {
  bySegment,
  dayValue,
  dimensionValue,
  hourOfDayValue,
  segmentsOf,
  type Measure,
  type RollupScope,
  type RollupTables,
} from '../reports/rollup-sql.js';

export interface RankedCount {
  name: string;
  count: number;
}

/** What feed analytics is built from: a podcast's feed requests since a time, counted by the database. */
export interface FeedRequestFigures {
  /** Every request, bots and tools included: each one was served. */
  totalRequests: number;
  totalBytes: number;
  /** The ten countries with most requests of podcast apps and people (not filtered), 'Unknown' for unplaced ones. */
  countries: RankedCount[];
  /** The requests countries are counted over (not filtered). */
  countryRequests: number;
  /** The ten apps with most requests: people's apps, and the named apps' own feed crawlers. */
  apps: RankedCount[];
  /** The requests apps are counted over. */
  appRequests: number;
  /** Requests per UTC hour, 0 to 23, every request. */
  hourly: number[];
  /** For each aggregator and its feed id, the latest count it reported, summed. */
  aggregatorSubscribers: number;
  /** Distinct fetchers (not aggregators, not filtered) of each UTC day that had requests, one entry per such day. */
  dailyFetchers: number[];
}

type FeedDimension = 'total' | 'country' | 'app' | 'hour';

/**
 * Requests an app is counted for: anything not filtered, and the filtered requests of a named app (Pocket Casts'
 * feed parser, Spotify's and Overcast's crawlers poll for their users, and isbot calls them bots). Unnamed bots,
 * tools and requests without a User-Agent are left out.
 */
const COUNTS_FOR_APPS = `(not d.filtered or d.app <> '${UNKNOWN_APP}')`;

/** The feed request rollups of migration 20261127000200_feed_request_rollups, over `feed_requests`. */
export const FEED_TABLES: RollupTables<FeedDimension> = {
  table: (_, grain) => `analytics.podcast_feed_request_${grain}`,
  events: 'analytics.feed_requests d',
  time: 'd.requested_at',
  valueOf: {
    total: `''`,
    country: `coalesce(d.country, '${UNKNOWN_COUNTRY}')`,
    app: 'd.app',
    hour: `extract(hour from d.requested_at at time zone 'UTC')::int::text`,
  },
  condition: (dimension) =>
    ({ total: 'true', hour: 'true', country: 'not d.filtered', app: COUNTS_FOR_APPS })[dimension],
};

const REQUESTS: Measure = { name: 'requests', rollup: 'sum(requests)', events: 'count(*)' };
export const FEED_BYTES: Measure = {
  name: 'bytes',
  rollup: 'sum(bytes)',
  events: 'coalesce(sum(d.bytes), 0)',
};

/**
 * The queries of feed analytics, each over one podcast's requests since `since` (all of them for null), read from the
 * rollups (whole UTC months, days and hours) and from the requests themselves only for the minutes at the edge of a
 * range that does not start on a whole hour: they outlive the requests, which retention drops.
 */
@Injectable()
export class FeedRequestsRepository {
  constructor(private readonly em: EntityManager) {}

  async figures(podcastId: string, since: Date | null): Promise<FeedRequestFigures> {
    const scope: RollupScope = { podcastId, from: since };
    const select = <T>(sql: string, parameters: unknown[]) =>
      this.em.getConnection().execute<T[]>(sql, parameters);
    const ranked = (dimension: 'country' | 'app', limit: number) => {
      const counts = bySegment(
        FEED_TABLES,
        scope,
        segmentsOf(scope),
        dimension,
        dimensionValue(FEED_TABLES, dimension),
        [REQUESTS],
      );
      return select<{ name: string; count: string; total: string }>(
        `select value as name, sum(requests) as count, sum(sum(requests)) over () as total from (${counts.text}) s
          group by value having sum(requests) > 0 order by sum(requests) desc, 1 limit ${limit}`,
        counts.parameters,
      );
    };
    const totals = bySegment(FEED_TABLES, scope, segmentsOf(scope), 'total', () => `''`, [
      REQUESTS,
      FEED_BYTES,
    ]);
    const hours = bySegment(
      FEED_TABLES,
      scope,
      segmentsOf(scope),
      (source) => (source === 'months' || source === 'days' ? 'hour' : 'total'),
      hourOfDayValue(FEED_TABLES.time),
      [REQUESTS],
    );
    const [[sums], countries, apps, perHour, [aggregators], dailyFetchers] = await Promise.all([
      select<{ requests: string; bytes: string }>(
        `select coalesce(sum(requests), 0) as requests, coalesce(sum(bytes), 0) as bytes from (${totals.text}) s`,
        totals.parameters,
      ),
      ranked('country', ANALYTICS_TOP_LISTS.feedCountries),
      ranked('app', ANALYTICS_TOP_LISTS.feedApps),
      select<{ hour: number; count: string }>(
        `select value as hour, sum(requests) as count from (${hours.text}) s group by value`,
        hours.parameters,
      ),
      // A count is a snapshot: the latest per aggregator and feed id, never a sum over its requests.
      select<{ subscribers: string }>(
        `select coalesce(sum(subscribers), 0) as subscribers from analytics.feed_aggregator_reports
          where podcast_id = ?${since ? ' and requested_at >= ?' : ''}`,
        since ? [podcastId, since] : [podcastId],
      ),
      this.dailyFetchers(scope),
    ]);
    const hourly = Array.from({ length: HOURS_PER_DAY }, () => 0);
    for (const row of perHour) hourly[Number(row.hour)] = Number(row.count);
    const toRanked = (rows: Array<{ name: string; count: string }>) =>
      rows.map((row) => ({ name: row.name, count: Number(row.count) }));
    return {
      totalRequests: Number(sums?.requests ?? 0),
      totalBytes: Number(sums?.bytes ?? 0),
      countries: toRanked(countries),
      countryRequests: Number(countries[0]?.total ?? 0),
      apps: toRanked(apps),
      appRequests: Number(apps[0]?.total ?? 0),
      hourly,
      aggregatorSubscribers: Number(aggregators?.subscribers ?? 0),
      dailyFetchers,
    };
  }

  /**
   * The distinct fetchers of each UTC day with requests in the range (keys rotate daily, so fetchers are told apart
   * within a day only): a whole day's count, and for a first day the range starts within, the fetchers last seen in
   * its part of that day (from its set while kept, else from its requests).
   */
  private async dailyFetchers(scope: RollupScope): Promise<number[]> {
    const connection = this.em.getConnection();
    const perDay = bySegment(
      FEED_TABLES,
      scope,
      segmentsOf(scope, 'days'),
      'total',
      dayValue(FEED_TABLES.time),
      [REQUESTS],
    );
    const days = await connection.execute<Array<{ day: string; fetchers: number | null }>>(
      `select to_char(s.value, 'YYYY-MM-DD') as day, c.fetchers from (
         select value from (${perDay.text}) r group by value having sum(requests) > 0) s
         left join analytics.feed_fetcher_day_counts c on c.podcast_id = ? and c.day = s.value`,
      [...perDay.parameters, scope.podcastId],
    );
    const since = scope.from;
    const partialDay = since && since.getTime() % DAY_MS !== 0 ? utcDateKey(since) : null;
    return Promise.all(
      days.map(async ({ day, fetchers }) => {
        if (day !== partialDay || !since) return Number(fetchers ?? 0);
        const [row] = await connection.execute<Array<{ n: number }>>(
          `select case when exists (select 1 from analytics.feed_fetcher_days where podcast_id = ? and day = ?)
                    then (select count(*) from analytics.feed_fetcher_days where podcast_id = ? and day = ? and last_at >= ?)
                    else (select count(distinct fetcher) from analytics.feed_requests
                           where podcast_id = ? and requested_at >= ? and requested_at < ?
                             and not filtered and aggregator is null) end::int as n`,
          [
            scope.podcastId,
            day,
            scope.podcastId,
            day,
            since,
            scope.podcastId,
            since,
            new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS),
          ],
        );
        return Number(row?.n ?? 0);
      }),
    );
  }
}
