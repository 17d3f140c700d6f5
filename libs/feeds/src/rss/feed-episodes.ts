import type { Episode, EpisodeMedia } from '@castbase/contracts';

/** Most items in the main feed (spec 2 §9); older episodes belong to archive pages. */
export const MAIN_FEED_ITEM_LIMIT = 300;

export type FeedEpisode = Episode & { media: EpisodeMedia };

/** When an episode went out: its publish date, or its creation for records published before dates were kept. */
export function releaseDate(episode: Episode): string {
  return episode.publishDate ?? episode.createdAt;
}

/**
 * The episodes a feed lists (spec 2 §4 "Feed inclusion"): published ones with RSS enabled and with media (an item
 * without an enclosure is not an episode to a podcast app), newest first, at most `limit`. The catalog applies the
 * same rule to `catalog.feed-source.episodes`; this is for callers holding a whole list in memory.
 */
export function selectFeedEpisodes(
  episodes: readonly Episode[],
  limit: number = MAIN_FEED_ITEM_LIMIT,
): FeedEpisode[] {
  return episodes
    .filter(
      (episode): episode is FeedEpisode =>
        episode.status === 'published' && episode.enableRss && episode.media !== null,
    )
    .sort((a, b) => Date.parse(releaseDate(b)) - Date.parse(releaseDate(a)) || b.id.localeCompare(a.id))
    .slice(0, limit);
}
