import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ANALYTICS_TOP_LISTS, HOURS_PER_DAY, UNKNOWN_COUNTRY } from '@castbase/contracts';
import { UNKNOWN_APP } from '../attribution/index.js';

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

/**
 * Requests an app is counted for: anything not filtered, and the filtered requests of a named app (Pocket Casts'
 * feed parser, Spotify's and Overcast's crawlers poll for their users, and isbot calls them bots). Unnamed bots,
 * tools and requests without a User-Agent are left out.
 */
const COUNTS_FOR_APPS = `(not filtered or app <> '${UNKNOWN_APP}')`;

/** The queries of feed analytics, each over one podcast's requests since `since` (all of them for null). */
@Injectable()
export class FeedRequestsRepository {
  constructor(private readonly em: EntityManager) {}

  async figures(podcastId: string, since: Date | null): Promise<FeedRequestFigures> {
    const scope = since ? 'podcast_id = ? and requested_at >= ?' : 'podcast_id = ?';
    const parameters = since ? [podcastId, since] : [podcastId];
    const select = <T>(sql: string) => this.em.getConnection().execute<T[]>(sql, parameters);
    const ranked = (expression: string, condition: string, limit: number) =>
      select<{ name: string; count: string; total: string }>(
        `select ${expression} as name, count(*) as count, sum(count(*)) over () as total
           from analytics.feed_requests where ${scope} and ${condition}
          group by 1 order by count(*) desc, 1 limit ${limit}`,
      );
    const [[totals], countries, apps, hours, [aggregators], days] = await Promise.all([
      select<{ requests: string; bytes: string }>(
        `select count(*) as requests, coalesce(sum(bytes), 0) as bytes from analytics.feed_requests where ${scope}`,
      ),
      ranked(`coalesce(country, '${UNKNOWN_COUNTRY}')`, 'not filtered', ANALYTICS_TOP_LISTS.feedCountries),
      ranked('app', COUNTS_FOR_APPS, ANALYTICS_TOP_LISTS.feedApps),
      select<{ hour: number; count: string }>(
        `select extract(hour from requested_at at time zone 'UTC')::int as hour, count(*) as count
           from analytics.feed_requests where ${scope} group by 1`,
      ),
      // A count is a snapshot: the latest per aggregator and feed id (nulls are one feed to DISTINCT ON), never a sum
      // over its requests.
      select<{ subscribers: string }>(
        `select coalesce(sum(aggregator_subscribers), 0) as subscribers from (
           select distinct on (aggregator, aggregator_feed) aggregator_subscribers
             from analytics.feed_requests where ${scope} and aggregator is not null
            order by aggregator, aggregator_feed, requested_at desc) latest`,
      ),
      // Keys rotate daily, so fetchers are told apart within a day only.
      select<{ fetchers: string }>(
        `select count(distinct fetcher) filter (where not filtered and aggregator is null) as fetchers
           from analytics.feed_requests where ${scope}
          group by (requested_at at time zone 'UTC')::date`,
      ),
    ]);
    const hourly = Array.from({ length: HOURS_PER_DAY }, () => 0);
    for (const row of hours) hourly[row.hour] = Number(row.count);
    const toRanked = (rows: Array<{ name: string; count: string }>) =>
      rows.map((row) => ({ name: row.name, count: Number(row.count) }));
    return {
      totalRequests: Number(totals?.requests ?? 0),
      totalBytes: Number(totals?.bytes ?? 0),
      countries: toRanked(countries),
      countryRequests: Number(countries[0]?.total ?? 0),
      apps: toRanked(apps),
      appRequests: Number(apps[0]?.total ?? 0),
      hourly,
      aggregatorSubscribers: Number(aggregators?.subscribers ?? 0),
      dailyFetchers: days.map((day) => Number(day.fetchers)),
    };
  }
}
