import type { EntityManager } from '@mikro-orm/postgresql';
import { Episode } from '../episodes/episode.entity.js';

/**
 * A podcast's feed episodes (spec 2 §4 "Feed inclusion": published, RSS enabled, with media) in feed order: newest
 * first by release date (publish date, else creation), then id, both descending. Every statement here matches the
 * partial indexes of the podcast-channel-feeds migration (their predicate and their ordering expression, word for
 * word), so a page is one index range read however many episodes the podcast has.
 */
const FEED_EPISODE = `podcast_id = ? and status = 'published' and enable_rss and media is not null`;
const RELEASE_DATE = 'coalesce(publish_date, created_at)';
const FEED_ORDER = `${RELEASE_DATE} desc, id desc`;

export type FeedCursor = { releaseDate: string; id: string };

/** How many episodes the podcast's feeds hold. */
export async function countFeedEpisodes(em: EntityManager, podcastId: string): Promise<number> {
  const [row] = await em
    .getConnection()
    .execute<Array<{ total: number }>>(
      `select count(*)::int as total from catalog.episodes where ${FEED_EPISODE}`,
      [podcastId],
    );
  return row?.total ?? 0;
}

/** The newest `limit` published trailers (podcast:trailer, in the channel). */
export async function findFeedTrailers(
  em: EntityManager,
  podcastId: string,
  limit: number,
): Promise<Episode[]> {
  const rows = await em.getConnection().execute<Array<Record<string, unknown>>>(
    `select ${episodeColumns(em)} from catalog.episodes
        where ${FEED_EPISODE} and episode_type = 'trailer'
        order by ${FEED_ORDER} limit ?`,
    [podcastId, limit],
  );
  return rows.map((row) => em.map(Episode, row));
}

/**
 * One page of feed episodes after `after` (the last episode of the previous page), in feed order. The cursor's
 * release date is read from the episode itself while it is still one of the podcast's, so the comparison uses the
 * stored value at full precision (a timestamp may carry microseconds the ISO string in the cursor lost); an episode
 * deleted between two pages falls back to the date the cursor carries.
 */
export async function findFeedEpisodePage(
  em: EntityManager,
  podcastId: string,
  after: FeedCursor | null,
  limit: number,
): Promise<Episode[]> {
  const { sql, parameters } = feedEpisodePageStatement(em, podcastId, after, limit);
  const rows = await em.getConnection().execute<Array<Record<string, unknown>>>(sql, parameters);
  return rows.map((row) => em.map(Episode, row));
}

/** The statement `findFeedEpisodePage` runs (its tests read the plan PostgreSQL makes of it). */
export function feedEpisodePageStatement(
  em: EntityManager,
  podcastId: string,
  after: FeedCursor | null,
  limit: number,
): { sql: string; parameters: unknown[] } {
  const cursor = after
    ? {
        sql: `and (${RELEASE_DATE}, id) < (
                coalesce((select ${RELEASE_DATE} from catalog.episodes where id = ? and podcast_id = ?), ?::timestamptz),
                ?::uuid)`,
        parameters: [after.id, podcastId, after.releaseDate, after.id],
      }
    : { sql: '', parameters: [] };
  return {
    sql: `select ${episodeColumns(em)} from catalog.episodes
           where ${FEED_EPISODE} ${cursor.sql}
           order by ${FEED_ORDER} limit ?`,
    parameters: [podcastId, ...cursor.parameters, limit],
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
