import { DomainError, mediaRequests, type StoredEpisodeMedia } from '@castbase/contracts';
import type { MessageBus } from '@castbase/platform-messaging';

/**
 * The audio or video file an episode serves, as the media service describes it. The media service answers only
 * for the caller's own files (MEDIA_NOT_FOUND otherwise); an image is refused with spec 2's 'Unsupported file
 * type. Please upload audio or video.'
 */
export async function attachableMedia(
  bus: MessageBus,
  userId: string,
  mediaId: string,
): Promise<StoredEpisodeMedia> {
  const file = await bus.request(mediaRequests.getFile, { ownerId: userId, mediaId });
  if (file.kind !== 'audio' && file.kind !== 'video') throw new DomainError('UPLOAD_REFUSED');
  return {
    mediaId: file.id,
    fileName: file.fileName,
    mimeType: file.mimeType,
    sizeBytes: file.sizeBytes,
    durationSeconds: file.durationSeconds,
    storageKey: file.storageKey,
  };
}

export type EpisodeArtwork = { artworkMediaId: string | null; artworkKey: string | null };

/** The episode's own artwork from one of the caller's image files; anything but an image is IMAGE_TYPE_NOT_ALLOWED. */
export async function attachableArtwork(
  bus: MessageBus,
  userId: string,
  mediaId: string,
): Promise<EpisodeArtwork> {
  const file = await bus.request(mediaRequests.getFile, { ownerId: userId, mediaId });
  if (file.kind !== 'image') throw new DomainError('IMAGE_TYPE_NOT_ALLOWED');
  return { artworkMediaId: file.id, artworkKey: file.storageKey };
}
