import { Module } from '@nestjs/common';
import { MessagingModule } from '@castbase/platform-messaging';
import { PersistenceModule } from '@castbase/platform-persistence';
import { mediaDatabase } from './database/media-database.js';
import { EraseUserMediaHandler } from './erasure/erase-user-media.handler.js';
import { DeleteFileHandler } from './files/delete-file.handler.js';
import { GetFileHandler } from './files/get-file.handler.js';
import { MediaProber } from './probing/media-prober.js';
import { CompleteUploadHandler } from './uploads/complete-upload.handler.js';
import { CreateUploadHandler } from './uploads/create-upload.handler.js';

/**
 * Uploads straight to storage, probing with ffprobe, media files (audio, video, images). Answers `media.*`
 * requests; emits `media.file.stored` via its outbox; erases a user's files on `identity.user.deletion-requested`
 * and reports `media.user-data.erased`. Needs `ObjectStorage` and `APP_CONFIG` from the host application.
 */
@Module({
  imports: [
    PersistenceModule.forService(mediaDatabase),
    MessagingModule.forService({
      service: 'media',
      requestHandlers: [CreateUploadHandler, CompleteUploadHandler, GetFileHandler, DeleteFileHandler],
      eventHandlers: [EraseUserMediaHandler],
    }),
  ],
  providers: [MediaProber],
})
export class MediaModule {}
