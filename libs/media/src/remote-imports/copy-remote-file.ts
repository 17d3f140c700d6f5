import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  feedImportMessages,
  IMPORT_ARTWORK_MAX_BYTES,
  IMPORT_MEDIA_MAX_BYTES,
  IMPORT_MEDIA_TIMEOUT_MS,
  isDomainError,
  planMessages,
  type StoredEpisodeMedia,
} from '@castbase/contracts';
import { APP_CONFIG, type AppConfig } from '@castbase/platform-config';
import { resolveFfmpegBinaries, type FfmpegBinaries } from '@castbase/platform-ffmpeg';
import { RemoteFetcher } from '@castbase/platform-remote-fetch';
import { IMMUTABLE_CACHE_CONTROL, ObjectStorage } from '@castbase/platform-storage';
import { detectAndProbeMedia } from '../processing/index.js';
import { mediaStorageKey } from '../uploads/media-storage-key.js';
import { UploadPolicy } from '../uploads/upload-policy.js';
import { REMOTE_IMPORT_FETCHER } from './remote-import-fetcher.js';
import type { RemoteImport } from './remote-import.entity.js';

/** How often the bytes received so far are written down while a file is copied. */
const PROGRESS_EVERY_MS = 1_000;

type CopyConfig = Pick<AppConfig, 'PLAN_STORAGE_BYTES'> &
  Partial<Pick<AppConfig, 'FFMPEG_PATH' | 'FFPROBE_PATH'>>;

/** A copied file, as the media file it becomes. */
export interface CopiedFile {
  mediaId: string;
  kind: 'audio' | 'video' | 'image';
  format: string;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  durationSeconds: number;
  bitrate: number | null;
  width: number | null;
  height: number | null;
  storageKey: string;
}

/**
 * One file copied from another host into the owner's storage: streamed through the guarded fetcher into a temporary
 * file (private addresses refused, checked redirects, 500 MB and 30 minutes at most), checked against the owner's
 * storage left, then its kind decided from its bytes and probed with ffprobe as an upload is (one ffprobe run gives
 * both), and stored as it is (the old host's published file: podcast apps already played these bytes). Failures are
 * DomainErrors with the message the creator sees.
 */
@Injectable()
export class CopyRemoteFile {
  private readonly binaries: FfmpegBinaries;

  constructor(
    private readonly storage: ObjectStorage,
    private readonly policy: UploadPolicy,
    @Inject(REMOTE_IMPORT_FETCHER) private readonly fetcher: RemoteFetcher,
    @Inject(APP_CONFIG) private readonly config: CopyConfig,
  ) {
    this.binaries = resolveFfmpegBinaries({
      ffmpegPath: config.FFMPEG_PATH,
      ffprobePath: config.FFPROBE_PATH,
    });
  }

  async copy(
    job: RemoteImport,
    onProgress: (bytesDone: number, bytesTotal: number | null) => Promise<void>,
  ): Promise<CopiedFile> {
    const folder = await mkdtemp(join(tmpdir(), 'castbase-remote-import-'));
    try {
      const path = join(folder, 'file');
      const maxBytes = job.purpose === 'podcast-art' ? IMPORT_ARTWORK_MAX_BYTES : IMPORT_MEDIA_MAX_BYTES;
      const { size, fileName } = await this.download(job, path, maxBytes, onProgress);
      await this.requireStorageRoom(job.ownerId, size);
      const { detected, probe } = await detectAndProbeMedia(path, this.binaries);
      const wanted = job.purpose === 'podcast-art' ? ['image'] : ['audio', 'video'];
      if (!detected || !wanted.includes(detected.kind)) {
        const message =
          job.purpose === 'podcast-art'
            ? feedImportMessages.artworkNotImage
            : feedImportMessages.mediaNotAudio;
        throw new DomainError('UPLOAD_REFUSED', message);
      }
      const storageKey = mediaStorageKey(job.ownerId, job.id, fileName);
      await this.storage.putFile(storageKey, path, {
        contentType: detected.mimeType,
        cacheControl: IMMUTABLE_CACHE_CONTROL,
      });
      return {
        mediaId: job.id,
        kind: detected.kind as CopiedFile['kind'],
        format: detected.format,
        fileName,
        mimeType: detected.mimeType,
        sizeBytes: size,
        durationSeconds: Math.round(probe?.durationSeconds ?? 0),
        bitrate: probe?.bitrate ?? null,
        width: probe?.width ?? null,
        height: probe?.height ?? null,
        storageKey,
      };
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  /** Streams the file to `path`, writing down the bytes received about once a second. */
  private async download(
    job: RemoteImport,
    path: string,
    maxBytes: number,
    onProgress: (bytesDone: number, bytesTotal: number | null) => Promise<void>,
  ): Promise<{ size: number; fileName: string }> {
    try {
      return await this.fetcher.stream(
        job.url,
        {
          accept: job.purpose === 'podcast-art' ? 'image/*' : 'audio/*, video/*, */*;q=0.5',
          maxBytes,
          timeoutMs: IMPORT_MEDIA_TIMEOUT_MS,
        },
        async (body, head) => {
          let size = 0;
          let reported = Date.now();
          let reporting: Promise<void> = onProgress(0, head.contentLength);
          const counter = new Transform({
            transform(chunk: Buffer, _encoding, done) {
              size += chunk.length;
              if (Date.now() - reported >= PROGRESS_EVERY_MS) {
                reported = Date.now();
                const at = size;
                reporting = reporting.then(() => onProgress(at, head.contentLength));
              }
              done(null, chunk);
            },
          });
          await pipeline(body, counter, createWriteStream(path));
          await reporting;
          return { size, fileName: fileNameOf(head.url, job.purpose) };
        },
      );
    } catch (error) {
      if (isDomainError(error) && error.code === 'REMOTE_FILE_TOO_LARGE' && job.purpose === 'episode-media') {
        throw new DomainError('REMOTE_FILE_TOO_LARGE', feedImportMessages.mediaTooLarge, { maxBytes });
      }
      throw error;
    }
  }

  private async requireStorageRoom(ownerId: string, sizeBytes: number): Promise<void> {
    const used = await this.policy.usedBytes(ownerId);
    if (used + sizeBytes > this.config.PLAN_STORAGE_BYTES) {
      throw new DomainError(
        'PLAN_STORAGE_EXCEEDED',
        planMessages.storageFull(sizeBytes, used, this.config.PLAN_STORAGE_BYTES),
      );
    }
  }
}

/** The media an episode serves, from the copied file. */
export function storedMedia(file: CopiedFile): StoredEpisodeMedia {
  return {
    mediaId: file.mediaId,
    fileName: file.fileName,
    mimeType: file.mimeType,
    sizeBytes: file.sizeBytes,
    durationSeconds: file.durationSeconds,
    storageKey: file.storageKey,
  };
}

/** The last segment of the URL that answered ('episode-12.mp3'), else a name for the purpose. */
function fileNameOf(url: string, purpose: RemoteImport['purpose']): string {
  const fallback = purpose === 'podcast-art' ? 'artwork' : 'episode';
  try {
    const last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    return last.trim() || fallback;
  } catch {
    return fallback;
  }
}
