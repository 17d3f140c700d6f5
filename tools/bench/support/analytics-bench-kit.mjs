// What the analytics benchmark needs beside its seed: the catalog's episode, the reference query, the tables' sizes.

/**
 * A published episode as the catalog answers `catalog.episode.get` (the tests' fixtures are not built, so the
 * benchmark, which runs the built packages, has its own).
 */
export function catalogEpisode(episodeId, podcastId, ownerId) {
  const at = new Date().toISOString();
  return {
    id: episodeId,
    podcastId,
    ownerId,
    title: `Episode ${episodeId.slice(0, 8)}`,
    description: '',
    status: 'published',
    episodeType: 'full',
    explicit: false,
    seasonNumber: null,
    episodeNumber: null,
    guid: `castbase-${episodeId}`,
    media: null,
    durationSeconds: 1800,
    artworkMediaId: null,
    artworkUrl: null,
    tags: [],
    enableRss: true,
    enableVideo: false,
    podcastBlock: false,
    transcripts: [],
    chapters: [],
    soundbites: [],
    persons: [],
    value: null,
    location: null,
    funding: [],
    license: null,
    alternateEnclosures: [],
    plays: 0,
    publishDate: at,
    scheduledReleaseDate: null,
    revision: 1,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * The reference: one figure of the screen as it was read before the rollups, straight from `downloads` (the total
 * plays of the range: one count over the podcast's index, the cheapest of the nine queries the screen then ran).
 */
export async function rawTotalPlays(pool, podcastId, from) {
  await pool.query(
    `select count(*)::int as n from analytics.downloads
      where podcast_id = $1 and excluded is null${from ? ' and counted_at >= $2' : ''}`,
    from ? [podcastId, from] : [podcastId],
  );
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
