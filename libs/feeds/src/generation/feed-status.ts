import type { FeedStatus } from '@castbase/contracts';
import type { FeedDocumentSummary } from '../feed-documents/feed-document.js';
import { publicFeedUrl } from '../rss/feed-urls.js';

/** What the creator's RSS panel and the `feeds.feed.regenerated` event say about a stored feed. */
export function feedStatus(document: FeedDocumentSummary, publicUrl: string): FeedStatus {
  return {
    podcastId: document.podcastId,
    url: publicFeedUrl(publicUrl, {
      id: document.podcastId,
      ownerUsername: document.username,
      slug: document.slug,
    }),
    episodeCount: document.episodeCount,
    generatedAt: document.generatedAt.toISOString(),
  };
}
