import type { Podcast } from '@castbase/contracts';

/** A podcast's generated main feed as stored and served, without its XML. */
export interface FeedDocumentSummary {
  podcastId: string;
  ownerId: string;
  /** The owner's username at generation time; null when the owner has none (the path then says `podcast`). */
  username: string | null;
  slug: string;
  visibility: Podcast['visibility'];
  /** Strong entity tag of the XML, quoted as it goes in the ETag header. */
  etag: string;
  byteSize: number;
  episodeCount: number;
  generatedAt: Date;
}

export interface FeedDocument extends FeedDocumentSummary {
  xml: string;
}

/**
 * How a public feed URL names a feed: `/feeds/{username}/{slug-or-podcast-id}.xml`. An owner without a username
 * is addressed as `/feeds/podcast/{podcast-id}.xml` (what `feedPath` in the contracts writes).
 */
export interface FeedAddress {
  username: string;
  slugOrPodcastId: string;
}

export const NO_USERNAME_SEGMENT = 'podcast';
