import { Module } from '@nestjs/common';
import { MessagingModule } from '@castbase/platform-messaging';
import { PersistenceModule } from '@castbase/platform-persistence';
import { mediaDatabase } from './database/media-database.js';
import { EraseUserMediaHandler } from './erasure/erase-user-media.handler.js';
import { DeleteFileHandler } from './files/delete-file.handler.js';
import { GetFileHandler } from './files/get-file.handler.js';
import { MediaFileRemover } from './files/media-file-remover.js';
import {
  ReleaseMediaOfDeletedEpisodeHandler,
  ReleaseMediaOfDeletedPodcastHandler,
} from './files/release-media.handler.js';
import { MediaSteps } from './processing-jobs/media-steps.js';
import { ProcessingQueue } from './processing-jobs/processing-queue.js';
import { ProcessingRunner } from './processing-jobs/processing-runner.js';
import { RenderVideoHandler } from './processing-jobs/render-video.handler.js';
import { RetryJobHandler } from './processing-jobs/retry-job.handler.js';
import { ChapterImages } from './processing-jobs/chapter-images.js';
import { EpisodeTagging } from './processing-jobs/episode-tagging.js';
import {
  TagAudioOnEpisodeCreatedHandler,
  TagAudioOnEpisodePublishedHandler,
  TagAudioOnEpisodeUpdatedHandler,
} from './processing-jobs/queue-episode-tagging.handlers.js';
import { TagEpisodeAudioStep } from './processing-jobs/tag-episode-audio.step.js';
import {
  REMOTE_IMPORT_PROVIDERS,
  REMOTE_IMPORT_REQUEST_HANDLERS,
} from './remote-imports/remote-imports.providers.js';
import { ResumableUploads } from './uploads/resumable-uploads.js';
import { TusUploadController } from './uploads/tus-upload.controller.js';
import { UploadCompletion } from './uploads/upload-completion.js';
import { UploadPolicy } from './uploads/upload-policy.js';

/**
 * Resumable (tus) uploads at `/api/media/uploads`, the media files they become, and their processing jobs (probe,
 * loudness, transcode, ID3 tags, peaks, image variants, video outputs). Answers `media.*` requests; emits
 * `media.file.stored` and `media.file.processed` via its outbox; erases a user's files on
 * `identity.user.deletion-requested`; deletes the files the catalog releases (`releasedMediaIds` of
 * `catalog.episode.deleted` and `catalog.podcast.deleted`); writes each episode's title and chapters into its own
 * copy of the published MP3 (`tag-episode-audio`, from `catalog.episode.created/updated/published`; tells
 * `media.episode-audio.tagged`). Needs `ObjectStorage`, `APP_CONFIG` and an authentication guard (the
 * gateway's `AuthModule`) from the host application.
 */
@Module({
  imports: [
    PersistenceModule.forService(mediaDatabase),
    MessagingModule.forService({
      service: 'media',
      requestHandlers: [
        GetFileHandler,
        DeleteFileHandler,
        RenderVideoHandler,
        RetryJobHandler,
        ...REMOTE_IMPORT_REQUEST_HANDLERS,
      ],
      eventHandlers: [
        EraseUserMediaHandler,
        ReleaseMediaOfDeletedEpisodeHandler,
        ReleaseMediaOfDeletedPodcastHandler,
        TagAudioOnEpisodeCreatedHandler,
        TagAudioOnEpisodeUpdatedHandler,
        TagAudioOnEpisodePublishedHandler,
      ],
    }),
  ],
  controllers: [TusUploadController],
  providers: [
    MediaFileRemover,
    UploadPolicy,
    UploadCompletion,
    ResumableUploads,
    ProcessingRunner,
    MediaSteps,
    ProcessingQueue,
    ChapterImages,
    TagEpisodeAudioStep,
    EpisodeTagging,
    ...REMOTE_IMPORT_PROVIDERS,
  ],
})
export class MediaModule {}
