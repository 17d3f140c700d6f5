import type { catalogEvents, PayloadOf } from '@castbase/contracts';
import type { Podcast } from './podcast.entity.js';

/** Where a podcast's feed lives: /feeds/{ownerUsername}/{slug}.xml (feedPath of the contracts). */
export type FeedAddress = { ownerUsername: string | null; slug: string };

export function feedAddressOf(podcast: Podcast): FeedAddress {
  return { ownerUsername: podcast.ownerUsername, slug: podcast.slug };
}

/**
 * catalog.podcast.updated for the podcast as it is now. `before` is its address before the change: when the change
 * moved it, the event says from where, so the feeds service can keep the old address answering with a redirect.
 */
export function podcastUpdatedPayload(
  podcast: Podcast,
  before: FeedAddress,
): PayloadOf<typeof catalogEvents.podcastUpdated> {
  const moved = before.ownerUsername !== podcast.ownerUsername || before.slug !== podcast.slug;
  return {
    podcastId: podcast.id,
    ownerId: podcast.ownerId,
    slug: podcast.slug,
    ownerUsername: podcast.ownerUsername,
    ...(moved ? { previousAddress: before } : {}),
  };
}
