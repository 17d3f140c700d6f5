import { MAIN_FEED, type Episode, type Podcast } from '@castbase/contracts';
import { MAIN_FEED_ITEM_LIMIT, selectFeedEpisodes } from './feed-episodes.js';
import { FeedWriter } from './feed-writer.js';

export { RSS_NAMESPACES } from './xml-node.js';
export { FEED_GENERATOR, FEED_TTL_MINUTES } from './channel-nodes.js';

/** A podcast and all its episodes, in memory. */
export interface FeedSource {
  podcast: Podcast;
  episodes: readonly Episode[];
}

export interface RenderFeedOptions {
  /** Base URL of the product, without a trailing slash. */
  publicUrl: string;
  itemLimit?: number;
}

export interface RenderedFeed {
  xml: string;
  /** Items in the document. */
  episodeCount: number;
  /** When the content last changed (the newest of the podcast's and the listed episodes' changes). */
  lastBuildDate: Date;
}

/**
 * The main feed of a podcast whose episodes are all in memory, through `FeedWriter`: kept for callers not yet
 * moved to the streaming writer (regeneration, its tests). No token, hubs, Podping or trailers.
 */
export function renderPodcastFeed(source: FeedSource, options: RenderFeedOptions): RenderedFeed {
  const episodes = selectFeedEpisodes(source.episodes, options.itemLimit ?? MAIN_FEED_ITEM_LIMIT);
  const chunks: string[] = [];
  // Only the main feed is stored by its callers, so it names no archive pages: they would not answer.
  const writer = new FeedWriter(
    { podcast: source.podcast, trailers: [], feedEpisodeCount: episodes.length },
    {
      publicUrl: options.publicUrl,
      variant: MAIN_FEED,
      token: null,
      newFeedUrl: null,
      websubHubs: [],
      podping: false,
    },
    (chunk) => chunks.push(chunk),
  );
  for (const episode of episodes) writer.item(episode);
  const { itemCount, lastBuildDate } = writer.end();
  return { xml: chunks.join(''), episodeCount: itemCount, lastBuildDate };
}
