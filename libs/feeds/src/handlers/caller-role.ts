import { catalogRequests, DomainError, isDomainError, type PodcastRole } from '@castbase/contracts';
import type { MessageBus } from '@castbase/platform-messaging';

/**
 * The caller's role on the podcast, asked of the catalog: the feeds service checks it itself, behind the gateway's
 * guard. No role (another user's podcast, or none) is FEED_NOT_FOUND, exactly as for a podcast without feeds.
 */
export async function callerRole(bus: MessageBus, userId: string, podcastId: string): Promise<PodcastRole> {
  try {
    const access = await bus.request(catalogRequests.resolveAccess, {
      userId,
      podcastId,
      email: null,
      name: null,
    });
    return access.role;
  } catch (error) {
    if (isDomainError(error) && error.code === 'PODCAST_NOT_FOUND') throw new DomainError('FEED_NOT_FOUND');
    throw error;
  }
}
