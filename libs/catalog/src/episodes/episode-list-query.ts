import type { EntityManager } from '@mikro-orm/postgresql';
import type { EpisodeListPage, EpisodeSortField, ParsedEpisodeListQuery } from '@castbase/contracts';
import { defaultSortDirection } from '@castbase/contracts';
import { Episode } from './episode.entity.js';

/**
 * The SQL of the All Episodes screen. Only fixed fragments are written into the text; every value a person sends
 * is a parameter. Each sort reads one index, (podcast_id, <sort columns>, id), so the first page of a podcast
 * with thousands of episodes is read in order, not sorted.
 */

/** The columns each sort orders by, before the id that makes the order total (pages never overlap). */
const SORT_COLUMNS: Record<EpisodeSortField, readonly string[]> = {
  createdAt: ['created_at'],
  updatedAt: ['updated_at'],
  // Letters before case: 'apple' next to 'Apple', whatever the database's collation.
  title: ['lower(title)'],
  duration: ['duration_seconds'],
  // The generated rank of STATUS_SORT_RANK; within a status, by creation.
  status: ['status_rank', 'created_at'],
  plays: ['plays'],
};

type Condition = { sql: string; parameters: unknown[] };

/** `text` matched anywhere, with LIKE's own characters (%, _ and the escape) taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The filters of the query, each a condition; together they combine with AND. */
function filterConditions(query: ParsedEpisodeListQuery): Condition[] {
  const conditions: Condition[] = [];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push({
      sql: `(title ilike ? or description ilike ?
              or exists (select 1 from jsonb_array_elements_text(tags) as tag where tag ilike ?))`,
      parameters: [pattern, pattern, pattern],
    });
  }
  if (query.status !== undefined) conditions.push({ sql: 'status = ?', parameters: [query.status] });
  if (query.media !== undefined) conditions.push({ sql: 'media_kind = ?', parameters: [query.media] });
  if (query.inRss !== undefined) conditions.push({ sql: 'enable_rss = ?', parameters: [query.inRss] });
  if (query.explicit !== undefined) conditions.push({ sql: 'explicit = ?', parameters: [query.explicit] });
  if (query.episodeType !== undefined)
    conditions.push({ sql: 'episode_type = ?', parameters: [query.episodeType] });
  if (query.season !== undefined) conditions.push({ sql: 'season_number = ?', parameters: [query.season] });
  return conditions;
}

type Summary = {
  total: number;
  all_episodes: number;
  draft: number;
  scheduled: number;
  published: number;
  highest_episode_number: number;
  seasons: number[];
};

/**
 * One page of a podcast's episodes under the query's filters, sort and page, with the podcast's counts by status,
 * its seasons and its next episode number. Two statements, run side by side: the page, and one pass over the
 * podcast's rows for every count.
 */
export async function findEpisodePage(
  em: EntityManager,
  podcastId: string,
  query: ParsedEpisodeListQuery,
): Promise<Omit<EpisodeListPage, 'items'> & { episodes: Episode[] }> {
  const filters = filterConditions(query);
  const where = ['podcast_id = ?', ...filters.map((condition) => condition.sql)].join(' and ');
  const filterParameters = filters.flatMap((condition) => condition.parameters);
  const direction = query.direction ?? defaultSortDirection(query.sort);
  const orderBy = [...SORT_COLUMNS[query.sort], 'id'].map((column) => `${column} ${direction}`).join(', ');
  const columns = episodeColumns(em);
  const connection = em.getConnection();

  const [rows, [summary]] = await Promise.all([
    connection.execute<Array<Record<string, unknown>>>(
      `select ${columns} from catalog.episodes where ${where} order by ${orderBy} limit ? offset ?`,
      [podcastId, ...filterParameters, query.pageSize, (query.page - 1) * query.pageSize],
    ),
    connection.execute<Summary[]>(
      `select count(*) filter (where ${filters.length ? filters.map((condition) => condition.sql).join(' and ') : 'true'})::int as total,
              count(*)::int as all_episodes,
              count(*) filter (where status = 'draft')::int as draft,
              count(*) filter (where status = 'scheduled')::int as scheduled,
              count(*) filter (where status = 'published')::int as published,
              coalesce(max(episode_number), 0)::int as highest_episode_number,
              coalesce(array_agg(distinct season_number) filter (where season_number is not null), '{}') as seasons
         from catalog.episodes where podcast_id = ?`,
      [...filterParameters, podcastId],
    ),
  ]);
  const total = summary?.total ?? 0;
  return {
    episodes: rows.map((row) => em.map(Episode, row)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.ceil(total / query.pageSize),
    counts: {
      all: summary?.all_episodes ?? 0,
      draft: summary?.draft ?? 0,
      scheduled: summary?.scheduled ?? 0,
      published: summary?.published ?? 0,
    },
    seasons: summary?.seasons ?? [],
    nextEpisodeNumber: (summary?.highest_episode_number ?? 0) + 1,
  };
}

/** The entity's own columns (not the generated ones), as `em.map` reads them. */
function episodeColumns(em: EntityManager): string {
  return em
    .getMetadata()
    .get(Episode)
    .props.flatMap((property) => property.fieldNames)
    .join(', ');
}
