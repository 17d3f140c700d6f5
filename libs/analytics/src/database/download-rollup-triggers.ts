// The SQL of migration 20261127000100_download_rollups: the triggers that keep the rollups of `downloads` exact
// whoever writes it, and the function that builds them from scratch. Part of that migration: change it only by a new
// migration.
import {
  countsDeltaSql,
  countsRebuildSql,
  countsTables,
  countsTablesSql,
  type CountsRollup,
  type RollupDimension,
} from './counts-rollup.js';
import { rebuildFunctionSql, statementTriggersSql, type Change } from './statement-triggers.js';

const COMMON_DIMENSIONS: readonly RollupDimension[] = [
  { name: 'total', value: `''` },
  { name: 'country', value: `coalesce(d.country, 'Unknown')` },
  { name: 'app', value: 'd.app' },
  { name: 'device', value: 'd.device' },
  { name: 'source', value: 'd.source' },
];

/** Plays per podcast (also per episode and UTC hour of the day) and per episode. */
export const DOWNLOAD_ROLLUP: CountsRollup = {
  noun: 'download',
  time: 'counted_at',
  levels: [
    { name: 'episode', scope: ['podcast_id', 'episode_id'], dimensions: COMMON_DIMENSIONS },
    {
      name: 'podcast',
      scope: ['podcast_id'],
      dimensions: [
        ...COMMON_DIMENSIONS,
        { name: 'episode', value: 'd.episode_id::text' },
        // The hour of the day, in months and days (an hour's row is its own).
        {
          name: 'hour',
          value: `extract(hour from d.counted_at at time zone 'UTC')::int::text`,
          grains: ['months', 'days'],
        },
      ],
      rollsUpFrom: {
        level: 'episode',
        dimensions: COMMON_DIMENSIONS.map((dimension) => dimension.name),
        perScope: { dimension: 'episode', column: 'episode_id' },
      },
    },
  ],
  measures: [{ column: 'plays', type: 'integer', delta: 'd.sign' }],
};

const LISTENERS = 'analytics.podcast_listeners';
const LISTENER_HOURS = 'analytics.podcast_listener_hours';
const REPEATS = 'analytics.episode_listener_repeats';

export const ALL_ROLLUP_TABLES = [...countsTables(DOWNLOAD_ROLLUP), LISTENERS, LISTENER_HOURS, REPEATS];

/** The tables' DDL. */
export function rollupTablesSql(): string[] {
  return [
    ...countsTablesSql(DOWNLOAD_ROLLUP),
    `create table ${LISTENERS} (podcast_id uuid not null, listener bytea not null, last_at timestamptz null,
       primary key (podcast_id, listener))`,
    `create table ${LISTENER_HOURS} (podcast_id uuid not null, hour timestamptz not null, listeners integer not null,
       primary key (podcast_id, hour) include (listeners))`,
    `create table ${REPEATS} (podcast_id uuid not null, episode_id uuid not null, listener bytea not null,
       counted_at timestamptz not null, request_id uuid not null,
       primary key (podcast_id, episode_id, listener, request_id))`,
  ];
}

const COLUMNS = 'podcast_id, episode_id, counted_at, country, app, device, source, listener';

/** The counted downloads a statement added (sign 1) or took away (−1); burst-excluded ones count for nothing. */
function eventsSql(change: Change): string {
  const added = `select ${COLUMNS}, 1 as sign from new_downloads where excluded is null`;
  const removed = `select ${COLUMNS}, -1 as sign from old_downloads where excluded is null and podcast_id <> all(gone)`;
  return { insert: added, delete: removed, update: `${removed} union all ${added}` }[change];
}

/** The (podcast, episode, listener) triples whose counted downloads a statement changed. */
function listenerKeysSql(change: Change): string {
  const triple = 'podcast_id, episode_id, listener';
  if (change === 'insert') return `select distinct ${triple} from new_downloads where excluded is null`;
  if (change === 'delete')
    return `select distinct ${triple} from old_downloads where excluded is null and podcast_id <> all(gone)`;
  // An update moves a listener only where a row started or stopped counting, or changed time, scope or listener.
  const row = `${triple}, counted_at, excluded is null as counts`;
  return `select ${triple} from (
      (select ${row} from old_downloads except select ${row} from new_downloads)
      union all (select ${row} from new_downloads except select ${row} from old_downloads)) changed
    where counts group by ${triple}`;
}

/**
 * Distinct listeners, which cannot be added up (keys change with the daily salt):
 * - per podcast, each key's latest counted download (`podcast_listeners.last_at`) and how many keys have their latest
 *   in each hour (`podcast_listener_hours`): the listeners since any time are those whose latest is after it. An hour
 *   whose listeners all moved on keeps a row of 0 (it adds nothing to a sum).
 * - per episode, the counted downloads of each key with more than one (`episode_listener_repeats`): an episode's
 *   listeners over any range are its plays less, for those keys, their downloads beyond the first in the range. The
 *   counting makes one download per key and episode, so this table stays empty unless rows are written otherwise.
 * The podcast's pairs are locked first (new ones inserted empty), which also serialises the episodes' triples, then
 * read again in statements of their own, so a writer that committed meanwhile is seen; everything is taken from
 * `downloads` itself, so it is right after any change.
 */
function listenersSql(change: Change): string[] {
  const keys = listenerKeysSql(change);
  const pairs = `select distinct podcast_id, listener from (${keys}) k`;
  return [
    `insert into ${LISTENERS} (podcast_id, listener, last_at)
       select podcast_id, listener, null from (${pairs}) p order by podcast_id, listener on conflict do nothing`,
    `select count(*) into locked from (select 1 from ${LISTENERS} l where (l.podcast_id, l.listener) in (${pairs})
       order by l.podcast_id, l.listener for update of l) locked_pairs`,
    `with c as (
       select l.podcast_id, l.listener, l.last_at as old_at,
              (select max(x.counted_at) from analytics.downloads x
                where x.listener = l.listener and x.podcast_id = l.podcast_id and x.excluded is null) as new_at
         from ${LISTENERS} l where (l.podcast_id, l.listener) in (${pairs})),
     changed as (select * from c where new_at is distinct from old_at),
     updated as (update ${LISTENERS} l set last_at = changed.new_at from changed
                  where l.podcast_id = changed.podcast_id and l.listener = changed.listener and changed.new_at is not null),
     removed as (delete from ${LISTENERS} l using c
                  where l.podcast_id = c.podcast_id and l.listener = c.listener and c.new_at is null),
     moves as (select podcast_id, date_trunc('hour', old_at, 'UTC') as hour, -1 as n from changed where old_at is not null
               union all
               select podcast_id, date_trunc('hour', new_at, 'UTC') as hour, 1 as n from changed where new_at is not null)
     insert into ${LISTENER_HOURS} as h (podcast_id, hour, listeners)
     select podcast_id, hour, sum(n)::int from moves group by podcast_id, hour having sum(n) <> 0 order by podcast_id, hour
     on conflict (podcast_id, hour) do update set listeners = h.listeners + excluded.listeners`,
    `delete from ${REPEATS} r where (r.podcast_id, r.episode_id, r.listener) in (${keys})`,
    `insert into ${REPEATS} (podcast_id, episode_id, listener, counted_at, request_id)
     select podcast_id, episode_id, listener, counted_at, request_id from (
       select x.podcast_id, x.episode_id, x.listener, x.counted_at, x.request_id,
              count(*) over (partition by x.podcast_id, x.episode_id, x.listener) as downloads
         from analytics.downloads x
        where x.listener in (select listener from (${keys}) k) and x.excluded is null
          and (x.podcast_id, x.episode_id, x.listener) in (${keys})) counted
      where downloads > 1`,
  ];
}

/**
 * The triggers. A delete that leaves a podcast without any download (an erased account, a deleted podcast, a recount)
 * drops the podcast's rollups at once instead of row by row.
 */
export function triggersSql(): string[] {
  return [
    ...statementTriggersSql(
      'downloads',
      'downloads',
      (change) => [
        ...countsDeltaSql(DOWNLOAD_ROLLUP, eventsSql(change), change !== 'insert'),
        ...listenersSql(change),
      ],
      ALL_ROLLUP_TABLES.map((table) => `delete from ${table} where podcast_id = any(gone);`).join('\n'),
    ),
    `create function analytics.downloads_rollup_truncate() returns trigger language plpgsql as $body$
     begin
       truncate ${ALL_ROLLUP_TABLES.join(', ')};
       return null;
     end
     $body$`,
    `create trigger downloads_rollup_truncate after truncate on analytics.downloads
       for each statement execute function analytics.downloads_rollup_truncate()`,
  ];
}

/**
 * `analytics.rebuild_download_rollups()`: every rollup made again from `downloads` in a few set-based statements, in
 * key order, under a lock that keeps writers out meanwhile (the migration's backfill, a bulk load with the triggers
 * off); given memory enough to aggregate without spilling to disk. It runs its two halves, which a bulk load may run at
 * once on two connections: `rebuild_download_counts()` (the counts tables) and `rebuild_download_listeners()` (the
 * listener sets).
 */
export function rebuildFunctionsSql(): string[] {
  const counts = countsRebuildSql(
    DOWNLOAD_ROLLUP,
    `select ${COLUMNS}, 1 as sign from analytics.downloads where excluded is null`,
  );
  const listeners = [
    // The largest: its key is made after the rows (CREATE INDEX sorts once) rather than row by row.
    `alter table ${LISTENERS} drop constraint podcast_listeners_pkey`,
    `insert into ${LISTENERS} (podcast_id, listener, last_at)
       select podcast_id, listener, max(counted_at) from analytics.downloads where excluded is null
        group by podcast_id, listener`,
    `alter table ${LISTENERS} add primary key (podcast_id, listener)`,
    `insert into ${LISTENER_HOURS} (podcast_id, hour, listeners)
       select podcast_id, date_trunc('hour', last_at, 'UTC'), count(*) from ${LISTENERS}
        group by podcast_id, date_trunc('hour', last_at, 'UTC') order by podcast_id, date_trunc('hour', last_at, 'UTC')`,
    `insert into ${REPEATS} (podcast_id, episode_id, listener, counted_at, request_id)
       select d.podcast_id, d.episode_id, d.listener, d.counted_at, d.request_id
         from analytics.downloads d join (
           select podcast_id, episode_id, listener from analytics.downloads where excluded is null
            group by podcast_id, episode_id, listener having count(*) > 1) r using (podcast_id, episode_id, listener)
        where d.excluded is null`,
  ];
  return [
    rebuildFunctionSql('rebuild_download_counts', 'downloads', countsTables(DOWNLOAD_ROLLUP), counts),
    rebuildFunctionSql(
      'rebuild_download_listeners',
      'downloads',
      [LISTENERS, LISTENER_HOURS, REPEATS],
      listeners,
    ),
    `create function analytics.rebuild_download_rollups() returns void language plpgsql as $body$
     begin
       perform analytics.rebuild_download_counts();
       perform analytics.rebuild_download_listeners();
     end
     $body$`,
  ];
}
