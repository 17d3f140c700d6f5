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
    urls: {
      main: publicFeedUrl(publicUrl, { id: document.podcastId, ownerUsername: document.username, slug: document.slug }),
      recent: '',
      preview: '',
      archives: [],
      full: null,
    },
    episodeCount: document.episodeCount,
    feedEpisodeCount: document.episodeCount,
    generatedAt: document.generatedAt.toISOString(),
    metadataUpdatedAt: document.generatedAt.toISOString(),
    needsUpdate: false,
    sizeBytes: document.byteSize,
    sizeProblem: null,
    private: document.visibility === 'private',
  };
}
