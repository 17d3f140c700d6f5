import { Logger } from '@nestjs/common';
import { isDomainError } from '@castbase/contracts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RegenerateFeed } from '../generation/regenerate-feed.usecase.js';
import type { FeedResponseCache } from '../http/feed-response-cache.js';

const logger = new Logger('feeds:regeneration');

/**
 * What every catalog event that changes a feed does: regenerate it in the event's transaction and drop this
 * process's cached copy. A podcast deleted since the event has no feed to render; the event is then done.
 * Any other failure throws, and the bus delivers the event again later.
 */
export async function regenerateAfterCatalogChange(
  regenerateFeed: RegenerateFeed,
  cache: FeedResponseCache,
  em: EntityManager,
  podcastId: string,
): Promise<void> {
  try {
    await regenerateFeed.execute(em, { podcastId });
  } catch (error) {
    if (!isDomainError(error) || error.code !== 'PODCAST_NOT_FOUND') throw error;
    logger.warn(`podcast ${podcastId} no longer exists; no feed to regenerate`);
    return;
  }
  // Before the transaction commits; a request racing the commit can re-cache the old version, for at most the TTL.
  cache.invalidatePodcast(podcastId);
}
