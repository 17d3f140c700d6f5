import { Injectable, Logger } from '@nestjs/common';
import { DomainError, isDomainError, mediaRequests, type MediaFile } from '@castbase/contracts';
import { MessageBus } from '@castbase/platform-messaging';

/** The media service's side of avatars: the file must be the caller's own image, and goes when it is replaced. */
@Injectable()
export class AvatarFiles {
  private readonly logger = new Logger(AvatarFiles.name);

  constructor(private readonly bus: MessageBus) {}

  /** The caller's stored image (MEDIA_NOT_FOUND for another owner's file, IMAGE_TYPE_NOT_ALLOWED for audio). */
  async ownImage(userId: string, mediaId: string): Promise<MediaFile> {
    const file = await this.bus.request(mediaRequests.getFile, { ownerId: userId, mediaId });
    if (file.kind !== 'image') throw new DomainError('IMAGE_TYPE_NOT_ALLOWED');
    return file;
  }

  /** Deletes the caller's file; one already gone counts as deleted. Other failures reach the caller. */
  async remove(userId: string, mediaId: string): Promise<void> {
    try {
      await this.bus.request(mediaRequests.deleteFile, { ownerId: userId, mediaId });
    } catch (error) {
      if (!isDomainError(error) || error.code !== 'MEDIA_NOT_FOUND') throw error;
    }
  }

  /**
   * For a file no longer referenced once the profile change committed: a failure cannot undo the change, so it
   * is logged (the file stays in media until the account is deleted).
   */
  async removeUnreferenced(userId: string, mediaId: string): Promise<void> {
    try {
      await this.remove(userId, mediaId);
    } catch (error) {
      this.logger.warn({ err: error, mediaId }, 'an avatar file no longer used could not be deleted');
    }
  }
}
