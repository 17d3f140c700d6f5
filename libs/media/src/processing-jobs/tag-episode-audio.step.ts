import { randomUUID } from 'node:crypto';
import { extname, join } from 'node:path';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { mediaEvents } from '@castbase/contracts';
import { APP_CONFIG, type AppConfig } from '@castbase/platform-config';
import { resolveFfmpegBinaries, type FfmpegBinaries } from '@castbase/platform-ffmpeg';
import { Outbox } from '@castbase/platform-messaging';
import { IMMUTABLE_CACHE_CONTROL, ObjectStorage } from '@castbase/platform-storage';
import { deleteInBatches } from '../files/delete-in-batches.js';
import { MediaFile } from '../files/media-file.entity.js';
import { MediaOutput } from '../files/media-output.entity.js';
import { retagMp3, type Id3ChapterFrame } from '../processing/index.js';
import { ChapterImages } from './chapter-images.js';
import { episodeAudioRole, TAG_EPISODE_AUDIO, tagEpisodeParamsSchema } from './episode-tag-params.js';
import { ProcessingJob } from './processing-job.entity.js';
import { MediaFileGoneError, type JobWorkspace } from './processing-runner.js';

type StepConfig = Pick<AppConfig, 'FFMPEG_PATH' | 'FFPROBE_PATH'>;

/**
 * The `tag-episode-audio` job: the media file's published MP3 gets a new ID3 tag with the episode's title and
 * chapters (CHAP frames with titles, URLs and images, and the CTOC table of contents), the audio streamed after it
 * unchanged, stored at a key of its own as the episode's output (`episode-{id}`), replacing the one before; the
 * catalog is told the new key and size (media.episode-audio.tagged, in the same transaction). Of two runs for one
 * episode, the one of the later change wins: a run of an older change finishing after it keeps nothing.
 */
@Injectable()
export class TagEpisodeAudioStep {
  private readonly binaries: FfmpegBinaries;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
    private readonly outbox: Outbox,
    private readonly chapterImages: ChapterImages,
    @Inject(APP_CONFIG) config: StepConfig,
  ) {
    this.binaries = resolveFfmpegBinaries({
      ffmpegPath: config.FFMPEG_PATH,
      ffprobePath: config.FFPROBE_PATH,
    });
  }

  /** `workspace.originalPath` holds the published MP3 (see ProcessingQueue). */
  async run(workspace: JobWorkspace): Promise<void> {
    const { job, file, folder, originalPath, progress } = workspace;
    const params = tagEpisodeParamsSchema.parse(job.params);
    progress(0.1, 'Reading chapter images');
    const imageUrls = params.chapters.flatMap((chapter) => (chapter.image ? [chapter.image] : []));
    const images = await this.chapterImages.load(this.em.fork(), imageUrls, {
      podcastId: params.podcastId,
      ownerIds: [params.episodeOwnerId, file.ownerId],
    });
    const chapters: Id3ChapterFrame[] = params.chapters.map((chapter) => ({
      startSeconds: chapter.startTime,
      endSeconds: chapter.endTime ?? null,
      title: chapter.title,
      url: chapter.url ?? null,
      image: chapter.image ? (images.get(chapter.image) ?? null) : null,
      toc: chapter.toc,
    }));
    progress(0.3, 'Writing chapters');
    const tagged = join(folder, 'tagged.mp3');
    const { sizeBytes } = await retagMp3(
      originalPath,
      tagged,
      { title: params.title, chapters },
      this.binaries,
    );
    progress(0.7, 'Storing the tagged file');
    const role = episodeAudioRole(params.episodeId);
    const key = `${folderOf(file.originalKey)}/episode-${params.episodeId.slice(0, 8)}-${randomUUID().slice(0, 8)}/${publishedName(file)}`;
    await this.storage.putFile(key, tagged, {
      contentType: 'audio/mpeg',
      cacheControl: IMMUTABLE_CACHE_CONTROL,
    });
    const output = Object.assign(new MediaOutput(), {
      mediaId: file.id,
      role,
      storageKey: key,
      mimeType: 'audio/mpeg',
      sizeBytes,
      bitrate: file.bitrate,
      durationSeconds: file.durationSeconds,
    });
    const replaced = await this.em.fork().transactional(async (tx) => {
      if (!(await tx.findOne(MediaFile, file.id, { lockMode: LockMode.PESSIMISTIC_WRITE }))) return null;
      // The episode was deleted while the job ran (its jobs went with it).
      if (!(await tx.findOne(ProcessingJob, job.id))) return [key];
      const newer = await tx.count(ProcessingJob, {
        type: TAG_EPISODE_AUDIO,
        params: { episodeId: params.episodeId, changedAt: { $gt: params.changedAt } },
        status: 'succeeded',
      });
      if (newer > 0) return [key];
      // The episode's copy on any file: after a change of media, the one of the file it played before goes too.
      const previous = await tx.find(MediaOutput, { role });
      tx.remove(previous).persist(output);
      // Succeeded with its output, so a run asked for earlier that ends after it sees it and keeps nothing.
      await tx.nativeUpdate(
        ProcessingJob,
        { id: job.id },
        { status: 'succeeded', progress: 1, step: null, error: null, updatedAt: new Date() },
      );
      this.outbox.add(tx, mediaEvents.episodeAudioTagged, {
        episodeId: params.episodeId,
        mediaId: file.id,
        storageKey: key,
        sizeBytes,
        taggedAt: params.changedAt,
      });
      return previous.map((old) => old.storageKey);
    });
    if (replaced === null) {
      await this.storage.delete(key);
      throw new MediaFileGoneError(file.id);
    }
    await deleteInBatches(this.storage, replaced);
  }
}

function folderOf(key: string): string {
  return key.slice(0, key.lastIndexOf('/'));
}

/** The published file's name (`episode-1.mp3`), so apps that read the name from the URL see the same one. */
function publishedName(file: MediaFile): string {
  const name = file.storageKey.slice(file.storageKey.lastIndexOf('/') + 1);
  return extname(name).toLowerCase() === '.mp3' ? name : 'episode.mp3';
}
