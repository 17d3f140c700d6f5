import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  EpisodeListPage,
  EpisodeSortField,
  EpisodeStatus,
  ParsedEpisodeListQuery,
} from '@castbase/contracts';
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

/**
 * The filters of the query, each a condition; together they combine with AND. The search reads `search_document`
 * (title, description and tags in lower case, kept by PostgreSQL), with the pattern lowered the same way.
 */
function filterConditions(query: ParsedEpisodeListQuery): Condition[] {
  const conditions: Condition[] = [];
  if (query.search) {
    conditions.push({ sql: 'search_document like lower(?)', parameters: [containsPattern(query.search)] });
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

/** One group of the podcast's episodes by status and season, as the summary index gives them. */
type SummaryGroup = {
  status: EpisodeStatus;
  season_number: number | null;
  episodes: number;
  highest_episode_number: number | null;
};

/**
 * One page of a podcast's episodes under the query's filters, sort and page, with the podcast's counts by status,
 * its seasons and its next episode number. Three statements run side by side on the pool: the page (read in the
 * sort's index order), the podcast's summary by status and season (from the summary index alone), and, when a
 * filter is set, the total under the filters.
 */
export async function findEpisodePage(
  em: EntityManager,
  podcastId: string,
  query: ParsedEpisodeListQuery,
): Promise<Omit<EpisodeListPage, 'items'> & { episodes: Episode[] }> {
  const filters = filterConditions(query);
  const where = ['podcast_id = ?', ...filters.map((condition) => condition.sql)].join(' and ');
  const whereParameters = [podcastId, ...filters.flatMap((condition) => condition.parameters)];
  const direction = query.direction ?? defaultSortDirection(query.sort);
  const orderBy = [...SORT_COLUMNS[query.sort], 'id'].map((column) => `${column} ${direction}`).join(', ');
  const connection = em.getConnection();

  const [rows, groups, filteredTotal] = await Promise.all([
    connection.execute<Array<Record<string, unknown>>>(
      `select ${episodeColumns(em)} from catalog.episodes where ${where}
        order by ${orderBy} limit ? offset ?`,
      [...whereParameters, query.pageSize, (query.page - 1) * query.pageSize],
    ),
    connection.execute<SummaryGroup[]>(
      `select status, season_number, count(*)::int as episodes, max(episode_number) as highest_episode_number
         from catalog.episodes where podcast_id = ? group by status, season_number`,
      [podcastId],
    ),
    filters.length === 0
      ? null
      : connection
          .execute<Array<{ total: number }>>(
            `select count(*)::int as total from catalog.episodes where ${where}`,
            whereParameters,
          )
          .then(([row]) => row?.total ?? 0),
  ]);
  const summary = summarize(groups);
  const total = filteredTotal ?? summary.counts.all;
  return {
    episodes: rows.map((row) => em.map(Episode, row)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.ceil(total / query.pageSize),
    ...summary,
  };
}

/** The podcast's counts by status, its seasons (ascending) and its next episode number, from its groups. */
function summarize(
  groups: SummaryGroup[],
): Pick<EpisodeListPage, 'counts' | 'seasons' | 'nextEpisodeNumber'> {
  const counts = { all: 0, draft: 0, scheduled: 0, published: 0 };
  const seasons = new Set<number>();
  let highestEpisodeNumber = 0;
  for (const group of groups) {
    counts.all += group.episodes;
    counts[group.status] += group.episodes;
    if (group.season_number !== null) seasons.add(group.season_number);
    highestEpisodeNumber = Math.max(highestEpisodeNumber, group.highest_episode_number ?? 0);
  }
  return {
    counts,
    seasons: [...seasons].sort((a, b) => a - b),
    nextEpisodeNumber: highestEpisodeNumber + 1,
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
