// The SQL of migration 20261127000200_feed_request_rollups: the triggers that keep the rollups of `feed_requests`
// exact whoever writes it, and the function that builds them from scratch; and the insert trigger's function as
// 20261128000400_feed_rollup_sums makes it again. Part of those migrations: change it only by a new migration.
import {
  countsAddedSql,
  countsDeltaSql,
  countsRebuildSql,
  countsTables,
  countsTablesSql,
  type CountsRollup,
} from './counts-rollup.js';
import {
  rebuildFunctionSql,
  replacedTriggerFunctionSql,
  statementTriggersSql,
  type Change,
} from './statement-triggers.js';

/** Requests a named app is counted for: not filtered, or filtered but a named app's own crawler. */
const COUNTS_FOR_APPS = `(not d.filtered or d.app <> 'Unknown')`;

/** Requests and bytes per podcast, per country and app of people's requests, and per UTC hour of the day. */
export const FEED_ROLLUP: CountsRollup = {
  noun: 'feed_request',
  time: 'requested_at',
  levels: [
    {
      name: 'podcast',
      scope: ['podcast_id'],
      dimensions: [
        { name: 'total', value: `''` },
        { name: 'country', value: `coalesce(d.country, 'Unknown')`, when: 'not d.filtered' },
        { name: 'app', value: 'd.app', when: COUNTS_FOR_APPS },
        {
          name: 'hour',
          value: `extract(hour from d.requested_at at time zone 'UTC')::int::text`,
          grains: ['months', 'days'],
        },
      ],
    },
  ],
  measures: [
    { column: 'requests', type: 'integer', delta: 'd.sign' },
    { column: 'bytes', type: 'bigint', delta: 'd.sign * d.bytes' },
  ],
};

/** The days whose sets of fetchers are kept (today and the three before); the retention job deletes older ones. */
export const FETCHER_SET_DAYS = 3;
const KEPT_SINCE = `((now() at time zone 'UTC')::date - ${FETCHER_SET_DAYS})`;

const FETCHERS = 'analytics.feed_fetcher_days';
const FETCHER_COUNTS = 'analytics.feed_fetcher_day_counts';
const REPORTS = 'analytics.feed_aggregator_reports';

export const ALL_FEED_ROLLUP_TABLES = [...countsTables(FEED_ROLLUP), FETCHERS, FETCHER_COUNTS, REPORTS];

export function feedRollupTablesSql(): string[] {
  return [
    ...countsTablesSql(FEED_ROLLUP),
    `create table ${FETCHERS} (podcast_id uuid not null, day date not null, fetcher bytea not null,
       last_at timestamptz not null, primary key (podcast_id, day, fetcher))`,
    `create table ${FETCHER_COUNTS} (podcast_id uuid not null, day date not null, fetchers integer not null,
       primary key (podcast_id, day) include (fetchers))`,
    `create table ${REPORTS} (podcast_id uuid not null, aggregator text not null, aggregator_feed text null,
       requested_at timestamptz not null, subscribers integer null,
       unique nulls not distinct (podcast_id, aggregator, aggregator_feed))`,
  ];
}

const COLUMNS =
  'podcast_id, requested_at, bytes, filtered, app, country, fetcher, aggregator, aggregator_feed, aggregator_subscribers';

function eventsSql(change: Change): string {
  const added = `select ${COLUMNS}, 1 as sign from new_requests`;
  const removed = `select ${COLUMNS}, -1 as sign from old_requests where podcast_id <> all(gone)`;
  return { insert: added, delete: removed, update: `${removed} union all ${added}` }[change];
}

const dayOf = (column: string) => `(${column} at time zone 'UTC')::date`;
const dayStart = (day: string) => `(${day}::timestamp at time zone 'UTC')`;
const COUNTED_FETCHER = 'not r.filtered and r.aggregator is null';

/** A day's distinct fetchers counted from the raw requests (`a`: the podcast and day). */
const fetchersFromRaw = `(select count(distinct r.fetcher) from analytics.feed_requests r
   where r.podcast_id = a.podcast_id and r.requested_at >= ${dayStart('a.day')}
     and r.requested_at < ${dayStart('a.day')} + interval '1 day' and ${COUNTED_FETCHER})`;

/**
 * Distinct fetchers per UTC day (people's apps: not filtered, not an aggregator; keys rotate daily, so days are never
 * added): an insert adds each new fetcher of a kept day to its set and counts it; anything else (a delete, an update,
 * a request of a day whose set is gone) counts the day again from the requests.
 */
function fetchersSql(change: Change): string[] {
  const source = change === 'insert' ? 'new_requests' : eventsSql(change);
  const changedDays = `select distinct podcast_id, ${dayOf('requested_at')} as day from (${source}) e`;
  const statements: string[] = [];
  if (change === 'insert') {
    const seen = `select podcast_id, ${dayOf('requested_at')} as day, fetcher, max(requested_at) as last_at
       from new_requests r where ${COUNTED_FETCHER} and ${dayOf('requested_at')} >= ${KEPT_SINCE} group by 1, 2, 3`;
    statements.push(
      `with added as (
         insert into ${FETCHERS} (podcast_id, day, fetcher, last_at) select * from (${seen}) s order by 1, 2, 3
         on conflict do nothing returning podcast_id, day)
       insert into ${FETCHER_COUNTS} as c (podcast_id, day, fetchers)
       select podcast_id, day, count(*) from added group by 1, 2 order by 1, 2
       on conflict (podcast_id, day) do update set fetchers = c.fetchers + excluded.fetchers`,
      `update ${FETCHERS} f set last_at = s.last_at from (${seen}) s
        where f.podcast_id = s.podcast_id and f.day = s.day and f.fetcher = s.fetcher and f.last_at < s.last_at`,
    );
  } else {
    statements.push(
      `delete from ${FETCHERS} f using (${changedDays}) a where f.podcast_id = a.podcast_id and f.day = a.day`,
      `insert into ${FETCHERS} (podcast_id, day, fetcher, last_at)
       select r.podcast_id, a.day, r.fetcher, max(r.requested_at) from (${changedDays}) a
         join analytics.feed_requests r on r.podcast_id = a.podcast_id and r.requested_at >= ${dayStart('a.day')}
          and r.requested_at < ${dayStart('a.day')} + interval '1 day'
        where a.day >= ${KEPT_SINCE} and ${COUNTED_FETCHER} group by 1, 2, 3 order by 1, 2, 3`,
    );
  }
  const recounted =
    change === 'insert'
      ? `select distinct podcast_id, ${dayOf('requested_at')} as day from new_requests
          where ${dayOf('requested_at')} < ${KEPT_SINCE}`
      : changedDays;
  statements.push(
    `insert into ${FETCHER_COUNTS} as c (podcast_id, day, fetchers)
     select a.podcast_id, a.day, ${fetchersFromRaw} from (${recounted}) a order by 1, 2
     on conflict (podcast_id, day) do update set fetchers = excluded.fetchers`,
    `delete from ${FETCHER_COUNTS} where fetchers = 0 and (podcast_id, day) in (${recounted})`,
  );
  return statements;
}

const SAME_AGGREGATOR = `r.podcast_id = k.podcast_id and r.aggregator = k.aggregator
  and r.aggregator_feed is not distinct from k.aggregator_feed`;

/** Each aggregator's (and feed id's) latest reported subscriber count: a later report replaces it. */
function reportsSql(change: Change): string[] {
  const latest = (rows: string) => `select distinct on (podcast_id, aggregator, aggregator_feed)
      podcast_id, aggregator, aggregator_feed, requested_at, aggregator_subscribers
      from ${rows} where aggregator is not null
     order by podcast_id, aggregator, aggregator_feed, requested_at desc`;
  const upsert = (rows: string) => `insert into ${REPORTS} as r
      (podcast_id, aggregator, aggregator_feed, requested_at, subscribers) ${latest(rows)}
    on conflict (podcast_id, aggregator, aggregator_feed) do update
      set requested_at = excluded.requested_at, subscribers = excluded.subscribers
      where excluded.requested_at >= r.requested_at`;
  if (change === 'insert') return [upsert('new_requests')];
  const keys = `select distinct podcast_id, aggregator, aggregator_feed from (${eventsSql(change)}) e
    where aggregator is not null`;
  // The latest report of a changed aggregator, from the requests still on record.
  return [
    `delete from ${REPORTS} r using (${keys}) k where ${SAME_AGGREGATOR}`,
    upsert(`(select r.* from analytics.feed_requests r join (${keys}) k on ${SAME_AGGREGATOR}) kept`),
  ];
}

export function feedTriggersSql(): string[] {
  return [
    // The rollups outlive the raw requests (retention drops those): deleting a podcast's feed analytics takes both.
    `create function analytics.forget_feed_request_rollups(podcasts uuid[]) returns void language plpgsql as $body$
     begin
       ${ALL_FEED_ROLLUP_TABLES.map((table) => `delete from ${table} where podcast_id = any(podcasts);`).join('\n')}
     end
     $body$`,
    ...statementTriggersSql(
      'feed_requests',
      'requests',
      (change) => [
        ...countsDeltaSql(FEED_ROLLUP, eventsSql(change), change !== 'insert'),
        ...fetchersSql(change),
        ...reportsSql(change),
      ],
      'perform analytics.forget_feed_request_rollups(gone);',
    ),
  ];
}

/**
 * The insert trigger's function as migration 20261128000400 makes it: the counts from `countsAddedSql` (the requests
 * summed once per hour and dimension values), the fetchers and the reports as before. Deletes and updates (retention,
 * erasure) keep `feedTriggersSql`'s.
 */
export function feedInsertTriggerFunctionSql(): string {
  return replacedTriggerFunctionSql('feed_requests', 'insert', [
    ...countsAddedSql(FEED_ROLLUP, eventsSql('insert')),
    ...fetchersSql('insert'),
    ...reportsSql('insert'),
  ]);
}

/** `analytics.rebuild_feed_request_rollups()`: every feed rollup made again from `feed_requests`, in key order. */
export function feedRebuildFunctionSql(): string {
  const statements = [
    ...countsRebuildSql(FEED_ROLLUP, `select ${COLUMNS}, 1 as sign from analytics.feed_requests`),
    `insert into ${FETCHERS} (podcast_id, day, fetcher, last_at)
     select podcast_id, ${dayOf('requested_at')}, fetcher, max(requested_at) from analytics.feed_requests r
      where ${COUNTED_FETCHER} and ${dayOf('requested_at')} >= ${KEPT_SINCE} group by 1, 2, 3 order by 1, 2, 3`,
    `insert into ${FETCHER_COUNTS} (podcast_id, day, fetchers)
     select podcast_id, ${dayOf('requested_at')}, count(distinct fetcher) from analytics.feed_requests r
      where ${COUNTED_FETCHER} group by 1, 2 order by 1, 2`,
    `insert into ${REPORTS} (podcast_id, aggregator, aggregator_feed, requested_at, subscribers)
     select distinct on (podcast_id, aggregator, aggregator_feed)
            podcast_id, aggregator, aggregator_feed, requested_at, aggregator_subscribers
       from analytics.feed_requests where aggregator is not null
      order by podcast_id, aggregator, aggregator_feed, requested_at desc`,
  ];
  return rebuildFunctionSql(
    'rebuild_feed_request_rollups',
    'feed_requests',
    ALL_FEED_ROLLUP_TABLES,
    statements,
  );
}
