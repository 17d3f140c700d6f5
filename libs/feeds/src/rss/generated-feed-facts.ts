import type { GeneratedFeedFacts } from '@castbase/contracts';
import { channelLink } from './feed-urls.js';
import type { FeedChannel, FeedWriteResult, FeedWriterOptions } from './feed-writer.js';

/** What `validateGeneratedFeed` needs about a variant `FeedWriter` has just written. */
export function generatedFeedFacts(
  channel: FeedChannel,
  options: Pick<FeedWriterOptions, 'publicUrl' | 'variant'>,
  result: FeedWriteResult,
): GeneratedFeedFacts {
  const { podcast } = channel;
  return {
    variant: options.variant,
    channel: {
      title: podcast.name,
      description: podcast.description,
      link: channelLink(podcast, options.publicUrl),
      author: podcast.author,
      category: podcast.category,
      explicit: podcast.explicit,
      imageUrl: podcast.artworkUrl,
    },
    itemCount: result.itemCount,
    itemsWithoutEnclosure: result.itemsWithoutEnclosure,
    byteSize: result.byteSize,
  };
}
