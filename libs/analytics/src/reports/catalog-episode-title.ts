import { analyticsMessages, catalogRequests } from '@castbase/contracts';
import type { MessageBus } from '@castbase/platform-messaging';

/**
 * An episode's title as the catalog has it, for a ranked episode analytics keeps no enclosure title for; 'Deleted
 * episode' when the catalog no longer has it (or does not answer).
 */
export async function catalogEpisodeTitle(
  bus: MessageBus,
  userId: string,
  episodeId: string,
): Promise<string> {
  const episode = await bus.request(catalogRequests.getEpisode, { userId, episodeId }).catch(() => null);
  return episode?.title ?? analyticsMessages.deletedEpisode;
}
