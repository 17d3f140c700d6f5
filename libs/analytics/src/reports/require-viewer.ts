import { catalogRequests, DomainError, isDomainError, type ErrorCode } from '@castbase/contracts';
import type { MessageBus } from '@castbase/platform-messaging';

/**
 * Asks the catalog for the caller's role on the podcast (any role will do: viewer and up), behind the gateway's own
 * check; no role, or no such podcast, is `notFound`, so a stranger learns nothing of the podcast.
 */
export async function requireViewer(
  bus: MessageBus,
  userId: string,
  podcastId: string,
  notFound: ErrorCode,
): Promise<void> {
  try {
    await bus.request(catalogRequests.resolveAccess, { userId, podcastId, email: null, name: null });
  } catch (error) {
    if (isDomainError(error) && (error.code === 'PODCAST_NOT_FOUND' || error.code === 'FORBIDDEN'))
      throw new DomainError(notFound);
    throw error;
  }
}
