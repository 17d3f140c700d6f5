import { createWriteStream } from 'node:fs';
import { copyFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import {
  catalogRequests,
  IMAGE_COMPRESS_ABOVE_BYTES,
  isDomainError,
  videoRenderSchema,
  type MediaKind,
  type Podcast,
} from '@castbase/contracts';
import { APP_CONFIG, type AppConfig } from '@castbase/platform-config';
import { resolveFfmpegBinaries, type FfmpegBinaries } from '@castbase/platform-ffmpeg';
import { MessageBus } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { MediaFile } from '../files/media-file.entity.js';
import { MediaOutput } from '../files/media-output.entity.js';
import {
  checkArtworkFormat,
  checkPodcastArt,
  compressLargeImage,
  computePeaks,
  createShort,
  exportVideoPreset,
  measureLoudness,
  needsTranscode,
  probeForStep,
  probeAudio,
  renderThumbnail,
  renderVariants,
  resizeAvatar,
  resizeChapterImage,
  transcodeToMp3,
  trimVideo,
  writeId3Tags,
  type ImageOutput,
  type RenderedMedia,
} from '../processing/index.js';
import type { JobWorkspace } from './processing-runner.js';

type StepsConfig = Pick<AppConfig, 'FFMPEG_PATH' | 'FFPROBE_PATH' | 'TRANSCODE_BITRATE_KBPS'>;

const MIME_OF_IMAGE = { jpeg: 'image/jpeg', png: 'image/png' } as const;

/** What the upload's own job learned about the file: the media file's new figures and served key. */
export type FileChanges = Partial<
  Pick<
    MediaFile,
    | 'storageKey'
    | 'mimeType'
    | 'durationSeconds'
    | 'bitrate'
    | 'codec'
    | 'sampleRate'
    | 'channels'
    | 'width'
    | 'height'
    | 'loudness'
  >
>;

/** The steps of each job type, on local files, with the files they make stored as outputs. */
@Injectable()
export class MediaSteps {
  private readonly binaries: FfmpegBinaries;

  constructor(
    private readonly bus: MessageBus,
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
    @Inject(APP_CONFIG) private readonly config: StepsConfig,
  ) {
    this.binaries = resolveFfmpegBinaries({
      ffmpegPath: config.FFMPEG_PATH,
      ffprobePath: config.FFPROBE_PATH,
    });
  }

  /** The upload's own job for a file of `kind`. */
  processUpload(kind: MediaKind, workspace: JobWorkspace): Promise<FileChanges> {
    switch (kind) {
      case 'audio':
        return this.processAudio(workspace);
      case 'image':
        return this.processImage(workspace);
      case 'video':
        return this.processVideo(workspace);
      // A transcript is stored as it is and is ready when its upload completes: no job is queued for it.
      case 'text':
        return Promise.resolve({});
    }
  }

  /**
   * Probe, loudness, MP3 at the podcast's bitrate (else `TRANSCODE_BITRATE_KBPS`) when the source is not one already
   * (normalised to −16 LUFS when the upload asked for it), ID3 tags with the podcast's title, and waveform peaks. The published file is the tagged
   * MP3; the original is kept.
   */
  private async processAudio(workspace: JobWorkspace): Promise<FileChanges> {
    const { originalPath, folder, file, job, progress, signal } = workspace;
    progress(0.02, 'Reading the audio');
    const figures = await probeAudio(originalPath, this.binaries);
    progress(0.05, 'Measuring loudness');
    const loudness = await measureLoudness(
      originalPath,
      { onProgress: (fraction) => progress(0.05 + 0.15 * fraction), signal },
      this.binaries,
    );
    const podcast = await this.podcastOf(file);
    const bitrateKbps = podcast?.audioBitrateKbps ?? this.config.TRANSCODE_BITRATE_KBPS;
    const normalize = job.params?.['normalize'] === true;
    const encoded = join(folder, 'encoded.mp3');
    if (normalize || needsTranscode(figures, bitrateKbps)) {
      progress(0.2, normalize ? 'Normalising and transcoding' : 'Transcoding');
      await transcodeToMp3(
        {
          input: originalPath,
          output: encoded,
          bitrateKbps,
          normalize,
          onProgress: (fraction) => progress(0.2 + 0.55 * fraction),
          signal,
        },
        this.binaries,
      );
    } else {
      await copyFile(originalPath, encoded);
    }
    progress(0.78, 'Writing tags');
    const published = join(folder, 'published.mp3');
    const title =
      file.fileName.slice(0, file.fileName.length - extname(file.fileName).length) || file.fileName;
    const artworkPath = podcast?.artworkMediaId
      ? await this.fetchArtwork(file.ownerId, podcast.artworkMediaId, join(folder, 'artwork'))
      : undefined;
    await writeId3Tags(
      encoded,
      published,
      {
        title,
        album: podcast?.name ?? '',
        ...(podcast?.author ? { artist: podcast.author } : {}),
        artworkPath,
      },
      this.binaries,
    );
    const publishedFigures = await probeAudio(published, this.binaries);
    progress(0.82, 'Drawing the waveform');
    const peaks = await computePeaks(
      published,
      { onProgress: (fraction) => progress(0.82 + 0.15 * fraction), signal },
      this.binaries,
    );
    const peaksPath = join(folder, 'peaks.json');
    await writeFile(peaksPath, JSON.stringify(peaks));
    const output = await workspace.store({
      role: 'published',
      path: published,
      fileName: `${safeStem(file.fileName)}.mp3`,
      mimeType: 'audio/mpeg',
      bitrate: publishedFigures.bitrate,
      durationSeconds: publishedFigures.durationSeconds,
    });
    await workspace.store({
      role: 'peaks',
      path: peaksPath,
      fileName: 'peaks.json',
      mimeType: 'application/json',
    });
    return {
      storageKey: output.storageKey,
      mimeType: 'audio/mpeg',
      durationSeconds: figures.durationSeconds,
      bitrate: figures.bitrate,
      codec: figures.codec,
      sampleRate: figures.sampleRate,
      channels: figures.channels,
      loudness,
    };
  }

  /**
   * Images: an image over 10 MB is compressed first; podcast and episode art must meet the artwork rules and get
   * their 3000/1400/600/300 variants, avatars 400/200, chapter images at most 1400 px. The largest variant is served.
   */
  private async processImage(workspace: JobWorkspace): Promise<FileChanges> {
    const { originalPath, folder, file, progress } = workspace;
    progress(0.05, 'Reading the image');
    let source = originalPath;
    const isArtwork = file.purpose === 'podcast-art' || file.purpose === 'episode-art';
    // Checked on the upload itself: compressing a large WebP makes a JPEG, which must not let it pass.
    if (isArtwork) await checkArtworkFormat(originalPath);
    if (file.sizeBytes > IMAGE_COMPRESS_ABOVE_BYTES) {
      progress(0.1, 'Compressing');
      const compressed = await compressLargeImage(
        originalPath,
        join(folder, `compressed${extname(file.fileName) || '.jpg'}`),
      );
      await workspace.store(imageOutput('compressed', compressed));
      source = compressed.path;
    }
    progress(0.3, 'Making sizes');
    let variants: ImageOutput[];
    switch (file.purpose) {
      case 'podcast-art':
      case 'episode-art':
        await checkPodcastArt(source);
        variants = await renderVariants(source, folder);
        break;
      case 'avatar':
        variants = await resizeAvatar(source, folder);
        break;
      // Episode media and transcripts take no images by the upload rules; one there would be sized as a chapter's.
      case 'chapter-image':
      case 'episode-media':
      case 'transcript':
        variants = [await resizeChapterImage(source, join(folder, 'chapter.jpg'))];
        break;
    }
    const stored = [];
    for (const variant of variants)
      stored.push(await workspace.store(imageOutput(`variant-${variant.width}`, variant)));
    const largest = stored[0]!;
    return {
      storageKey: largest.storageKey,
      mimeType: largest.mimeType,
      width: variants[0]!.width,
      height: variants[0]!.height,
    };
  }

  /** Video: its figures, a thumbnail at 1 s, and the waveform of its sound. The video itself is served as sent. */
  private async processVideo(workspace: JobWorkspace): Promise<FileChanges> {
    const { originalPath, folder, progress, signal } = workspace;
    progress(0.05, 'Reading the video');
    // The length and size are the video's own: a video without sound has no audio figures to take them from.
    const video = await probeForStep(this.binaries, originalPath, 'video');
    const figures = await probeAudio(originalPath, this.binaries).catch(() => null);
    progress(0.3, 'Taking a thumbnail');
    const thumbnail = await renderThumbnail(
      { input: originalPath, output: join(folder, 'thumbnail.jpg') },
      this.binaries,
    );
    await workspace.store(renderedOutput('thumbnail', 'thumbnail.jpg', thumbnail));
    let loudness = null;
    if (figures) {
      progress(0.5, 'Measuring loudness');
      loudness = await measureLoudness(originalPath, { signal }, this.binaries);
      progress(0.7, 'Drawing the waveform');
      const peaks = await computePeaks(originalPath, { signal }, this.binaries);
      const peaksPath = join(folder, 'peaks.json');
      await writeFile(peaksPath, JSON.stringify(peaks));
      await workspace.store({
        role: 'peaks',
        path: peaksPath,
        fileName: 'peaks.json',
        mimeType: 'application/json',
      });
    }
    return {
      durationSeconds: Math.round(video.durationSeconds),
      bitrate: figures?.bitrate ?? null,
      codec: figures?.codec ?? null,
      sampleRate: figures?.sampleRate ?? null,
      channels: figures?.channels ?? null,
      width: video.video.width,
      height: video.video.height,
      loudness,
    };
  }

  /** A video job the creator started: trim, an export preset, or a vertical short; its file becomes an output. */
  async renderVideo(workspace: JobWorkspace): Promise<void> {
    const { originalPath, folder, job, progress, signal } = workspace;
    const render = videoRenderSchema.parse(job.params);
    const onProgress = (fraction: number) => progress(0.05 + 0.9 * fraction);
    let rendered: RenderedMedia;
    let role: string;
    switch (render.operation) {
      case 'trim':
        progress(0.05, 'Trimming');
        role = `trim-${job.id.slice(0, 8)}`;
        rendered = await trimVideo(
          { input: originalPath, output: join(folder, 'trim.mp4'), ...render, onProgress, signal },
          this.binaries,
        );
        break;
      case 'export': {
        progress(0.05, `Exporting ${render.preset}`);
        role = `export-${render.preset}`;
        const output = join(folder, render.preset === 'audio-only' ? 'audio.mp3' : `${render.preset}.mp4`);
        rendered = await exportVideoPreset(
          { input: originalPath, output, preset: render.preset, onProgress, signal },
          this.binaries,
        );
        break;
      }
      case 'short':
        progress(0.05, 'Making a short');
        role = `short-${job.id.slice(0, 8)}`;
        rendered = await createShort(
          { input: originalPath, output: join(folder, 'short.mp4'), ...render, onProgress, signal },
          this.binaries,
        );
        break;
    }
    const extension = rendered.mimeType === 'audio/mpeg' ? 'mp3' : 'mp4';
    await workspace.store(
      renderedOutput(role, `${safeStem(workspace.file.fileName)}-${role}.${extension}`, rendered),
    );
  }

  /**
   * The podcast the file is for (its bitrate; its name, author and artwork for the ID3 tags), as its uploader (the
   * owner or an editor) sees it; null for none.
   */
  private async podcastOf(file: MediaFile): Promise<Podcast | null> {
    if (!file.podcastId) return null;
    try {
      return await this.bus.request(catalogRequests.getPodcast, {
        userId: file.ownerId,
        podcastId: file.podcastId,
      });
    } catch (error) {
      // Deleted meanwhile (or the uploader's role withdrawn): the file is still processed, at the service's bitrate and without the podcast's tags.
      // Any other failure (the catalog unreachable) fails the attempt, which is retried.
      if (isDomainError(error) && error.code === 'PODCAST_NOT_FOUND') return null;
      throw error;
    }
  }

  /** The podcast art's 600 px variant (else what it serves) as a local file, for the ID3 front cover. */
  private async fetchArtwork(
    ownerId: string,
    artworkMediaId: string,
    path: string,
  ): Promise<string | undefined> {
    const em = this.em.fork();
    const art = await em.findOne(MediaFile, { id: artworkMediaId, ownerId, kind: 'image' });
    if (!art) return undefined;
    const variant = await em.findOne(MediaOutput, { mediaId: art.id, role: 'variant-600' });
    const key = variant?.storageKey ?? art.storageKey;
    const object = await this.storage.get(key);
    await pipeline(object.body, createWriteStream(path));
    return path;
  }
}

function safeStem(fileName: string): string {
  const stem = fileName.slice(0, fileName.length - extname(fileName).length);
  return (
    stem
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'media'
  );
}

function imageOutput(role: string, image: ImageOutput) {
  return {
    role,
    path: image.path,
    fileName: `${role}.${image.format === 'png' ? 'png' : 'jpg'}`,
    mimeType: MIME_OF_IMAGE[image.format],
    width: image.width,
    height: image.height,
  };
}

function renderedOutput(role: string, fileName: string, rendered: RenderedMedia) {
  return {
    role,
    path: rendered.path,
    fileName,
    mimeType: rendered.mimeType,
    width: rendered.width,
    height: rendered.height,
    durationSeconds: rendered.durationSeconds,
  };
}
