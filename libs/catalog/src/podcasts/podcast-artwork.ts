import { DomainError, mediaRequests } from '@castbase/contracts';
import type { MessageBus } from '@castbase/platform-messaging';

export type PodcastArtwork = { artworkMediaId: string | null; artworkKey: string | null };

export const NO_ARTWORK: PodcastArtwork = { artworkMediaId: null, artworkKey: null };

/**
 * The album art from one of the owner's image files: the media service answers only for the owner's own
 * (MEDIA_NOT_FOUND otherwise), and anything but an image is IMAGE_TYPE_NOT_ALLOWED.
 */
export async function ownersArtwork(
  bus: MessageBus,
  ownerId: string,
  mediaId: string,
): Promise<PodcastArtwork> {
  const file = await bus.request(mediaRequests.getFile, { ownerId, mediaId });
  if (file.kind !== 'image') throw new DomainError('IMAGE_TYPE_NOT_ALLOWED');
  return { artworkMediaId: file.id, artworkKey: file.storageKey };
}
