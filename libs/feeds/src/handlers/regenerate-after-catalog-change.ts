import { Logger } from '@nestjs/common';
import { isDomainError } from '@castbase/contracts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RegenerateFeed } from '../generation/regenerate-feed.usecase.js';

const logger = new Logger('feeds:regeneration');

/**
 * What every catalog event that changes a feed does: regenerate it in the event's transaction. A podcast deleted
 * since the event has no feed to render, and the event is then done; any other failure throws, and the bus
 * delivers the event again later.
 */
export async function regenerateAfterCatalogChange(
  regenerateFeed: RegenerateFeed,
  em: EntityManager,
  podcastId: string,
): Promise<void> {
  try {
    await regenerateFeed.execute(em, { podcastId });
  } catch (error) {
    if (!isDomainError(error) || error.code !== 'PODCAST_NOT_FOUND') throw error;
    logger.warn(`podcast ${podcastId} no longer exists; no feed to regenerate`);
  }
}
