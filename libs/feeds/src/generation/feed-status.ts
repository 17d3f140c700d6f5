import {
  FEED_SIZE_ERROR_BYTES,
  FEED_SIZE_WARNING_BYTES,
  feedPath,
  feedVariantsFor,
  MAIN_FEED,
  type FeedStatus,
  type FeedVariant,
} from '@castbase/contracts';
import type { FeedPodcastRecord } from '../feed-documents/feed-records.js';

/** A generated podcast's record: its address and generation time are known. */
export type GeneratedFeedPodcast = FeedPodcastRecord & { slug: string; generatedAt: Date };

export function isGenerated(record: FeedPodcastRecord | null): record is GeneratedFeedPodcast {
  return record !== null && record.slug !== null && record.generatedAt !== null;
}

/** The public URL of one variant, with the token when asked for and the podcast is private. */
export function variantUrl(
  publicUrl: string,
  record: Pick<FeedPodcastRecord, 'podcastId' | 'username' | 'privateToken'> & { slug: string },
  variant: FeedVariant,
  withToken: boolean,
): string {
  const token = withToken ? record.privateToken : null;
  return `${publicUrl}${feedPath({ id: record.podcastId, ownerUsername: record.username, slug: record.slug }, variant, token)}`;
}

/** Spec 2 §9: a feed above 5 MB is a warning, above 10 MB an error. */
export function feedSizeProblem(sizeBytes: number): FeedStatus['sizeProblem'] {
  if (sizeBytes > FEED_SIZE_ERROR_BYTES) return 'error';
  if (sizeBytes > FEED_SIZE_WARNING_BYTES) return 'warning';
  return null;
}

/**
 * The RSS status of spec 2 §3 as the server keeps it. `withToken`: a private podcast's URLs carry its token only for
 * its owner (an editor or viewer sees the addresses without it).
 */
export function feedStatus(record: GeneratedFeedPodcast, publicUrl: string, withToken: boolean): FeedStatus {
  const url = (variant: FeedVariant) => variantUrl(publicUrl, record, variant, withToken);
  const variants = feedVariantsFor(record.feedEpisodeCount);
  const full = variants.find((variant) => variant.kind === 'full');
  return {
    podcastId: record.podcastId,
    url: url(MAIN_FEED),
    urls: {
      main: url(MAIN_FEED),
      recent: url({ kind: 'recent' }),
      preview: url({ kind: 'preview' }),
      archives: variants.filter((variant) => variant.kind === 'archive').map(url),
      full: full ? url(full) : null,
    },
    episodeCount: record.episodeCount,
    feedEpisodeCount: record.feedEpisodeCount,
    generatedAt: record.generatedAt.toISOString(),
    metadataUpdatedAt: record.changedAt.toISOString(),
    needsUpdate: record.changesHeard > record.changesGenerated,
    sizeBytes: record.sizeBytes,
    sizeProblem: feedSizeProblem(record.sizeBytes),
    validation: record.validation,
    private: record.visibility === 'private',
  };
}
