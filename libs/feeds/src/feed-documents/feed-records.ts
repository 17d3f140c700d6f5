import type { FeedValidationReport, Podcast } from '@castbase/contracts';

/** Where a podcast's feeds live now: `/feeds/{username}/{slug}{suffix}.xml`, or `/feeds/podcast/{id}…` without a username. */
export interface FeedAddressOf {
  podcastId: string;
  username: string | null;
  slug: string;
}

/**
 * What the feeds service keeps about one podcast (table `feed_podcasts`): its address, who may read it, what its last
 * generation produced, and how many catalog changes it has heard of and generated. Address and access are null until
 * the first generation or podcast event told them.
 */
export interface FeedPodcastRecord {
  podcastId: string;
  ownerId: string;
  username: string | null;
  slug: string | null;
  visibility: Podcast['visibility'] | null;
  /** The private-feed token every URL of a private podcast carries; null for a public podcast. */
  privateToken: string | null;
  /** Published, RSS-enabled episodes with media: every variant together. */
  feedEpisodeCount: number;
  /** Items in the main feed. */
  episodeCount: number;
  /** The main feed's size in bytes. */
  sizeBytes: number;
  /** The last committed generation; null before the first. */
  generatedAt: Date | null;
  /** The generator's own validation report of that generation (main feed, and the full feed's size and count). */
  validation: FeedValidationReport | null;
  /** Catalog changes heard of (a counter), and how many of them the last committed generation included. */
  changesHeard: number;
  changesGenerated: number;
  /** The newest catalog change heard of (metadataUpdatedAt). */
  changedAt: Date;
}

/** One stored variant (table `feed_variants`): its strong entity tag and sizes; the bytes are in object storage. */
export interface FeedVariantRecord {
  podcastId: string;
  /** feedVariantKey: 'main', 'recent', 'preview', 'full', 'archive-N'. */
  variantKey: string;
  /** Strong entity tag of the XML (SHA-256, base64url), quoted as the ETag header carries it. */
  etag: string;
  byteSize: number;
  gzipSize: number;
  brotliSize: number;
  itemCount: number;
  /** When these bytes were generated (Last-Modified): an unchanged variant keeps its time. */
  generatedAt: Date;
}

/** How a feed URL reads its podcast: live at that address, or moved from it (answer 301 to the new one). */
export type FeedAddressMatch =
  { kind: 'live'; podcast: FeedPodcastRecord } | { kind: 'moved'; podcast: FeedPodcastRecord };

/** The username segment of the feeds of an owner without a username: `/feeds/podcast/{podcastId}.xml`. */
export const NO_USERNAME_SEGMENT = 'podcast';
