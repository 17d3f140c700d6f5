export { FeedsModule } from './feeds.module.js';
export { feedsDatabase } from './feeds-database.js';
export {
  renderPodcastFeed,
  type FeedSource,
  type RenderedFeed,
  type RenderFeedOptions,
} from './rss/render-podcast-feed.js';
export { MAIN_FEED_ITEM_LIMIT } from './rss/feed-episodes.js';
