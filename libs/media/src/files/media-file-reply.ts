import type { MediaFile as MediaFileDto } from '@castbase/contracts';
import type { ObjectStorage } from '@castbase/platform-storage';
import type { MediaFile } from './media-file.entity.js';

/** A media file as the bus answers it, with the public URL podcast apps and players fetch. */
export function toMediaFileReply(storage: ObjectStorage, file: MediaFile): MediaFileDto {
  return file.toDto(storage.publicUrl(file.storageKey));
}
