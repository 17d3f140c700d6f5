// What the analytics benchmark needs beside its seed: the reference queries and the tables' sizes.

/**
 * The podcast screen's download figures as they were computed before the rollups: the same nine queries straight from
 * `downloads` (totals, distinct listeners, top episodes with their listeners, countries, devices, apps, hours of the
 * day, the last 60 days and the range's days), run in parallel on a pool of five connections, as the module ran them.
 */
export async function rawPodcastFigures(pool, podcastId, from, now) {
  const scope = from
    ? 'podcast_id = $1 and excluded is null and counted_at >= $2'
    : 'podcast_id = $1 and excluded is null';
  const parameters = from ? [podcastId, from] : [podcastId];
  const query = (sql, values = parameters) => pool.query(sql, values);
  const ranked = (expression, limit) =>
    query(`select ${expression} as value, count(*)::int as n from analytics.downloads where ${scope}
            group by 1 order by n desc, 1 ${limit ? `limit ${limit}` : ''}`);
  await Promise.all([
    query(`select count(*)::int as n from analytics.downloads where ${scope}`),
    query(`select count(distinct listener)::int as n from analytics.downloads where ${scope}`),
    query(`select episode_id, count(*)::int as plays, count(distinct listener)::int as listeners
             from analytics.downloads where ${scope} group by episode_id order by plays desc, episode_id limit 10`),
    ranked(`coalesce(country, 'Unknown')`, 10),
    ranked('device'),
    ranked('app', 10),
    query(`select extract(hour from counted_at at time zone 'UTC')::int as hour, count(*)::int as n
             from analytics.downloads where ${scope} group by 1`),
    query(
      `select to_char(date_trunc('day', counted_at at time zone 'UTC'), 'YYYY-MM-DD') as day, count(*)::int as n
         from analytics.downloads where podcast_id = $1 and excluded is null and counted_at >= $2 group by 1 order by 1`,
      [podcastId, new Date(now.getTime() - 60 * 86_400_000)],
    ),
    query(`select to_char(date_trunc('day', counted_at at time zone 'UTC'), 'YYYY-MM-DD') as day, count(*)::int as n
             from analytics.downloads where ${scope} group by 1 order by 1`),
  ]);
}

/** Rows and size on disk (with indexes) of the counted downloads, their rollups and the raw tables. */
export async function rollupSizes(db) {
  const { rows } = await db.query(`
    select c.relname as "table", c.reltuples::bigint as rows,
           pg_size_pretty(coalesce((select sum(pg_total_relation_size(i.inhrelid)) from pg_inherits i where i.inhparent = c.oid), 0)
             + pg_total_relation_size(c.oid)) as "size with indexes"
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'analytics' and c.relkind in ('r', 'p') and not c.relispartition
       and (c.relname like '%download%' or c.relname like '%listener%' or c.relname like 'feed_%'
            or c.relname = 'listening_sessions')
     order by pg_total_relation_size(c.oid) desc`);
  return rows.map((row) => ({ ...row, rows: Number(row.rows).toLocaleString('en-US') }));
}
