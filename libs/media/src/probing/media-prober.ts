import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@castbase/platform-config';
import {
  probeMedia,
  resolveFfmpegBinaries,
  type FfmpegBinaries,
  type MediaProbe,
} from '@castbase/platform-ffmpeg';
import { ObjectStorage } from '@castbase/platform-storage';

/** Runs ffprobe on stored objects. ffprobe needs a local file, so each object is copied to a temporary one. */
@Injectable()
export class MediaProber {
  private readonly logger = new Logger(MediaProber.name);
  private readonly binaries: FfmpegBinaries;

  constructor(
    private readonly storage: ObjectStorage,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'FFMPEG_PATH' | 'FFPROBE_PATH'>,
  ) {
    this.binaries = resolveFfmpegBinaries({
      ffmpegPath: config.FFMPEG_PATH,
      ffprobePath: config.FFPROBE_PATH,
    });
  }

  /**
   * The probe of the object under `key`, or `null` when ffprobe cannot read it as media. The temporary
   * file has no extension on purpose: ffmpeg then detects the format from the content alone, where an
   * `.mp3` name would make it accept a text file as an MP3 stream with no frames in it.
   * The temporary folder is removed whatever happens.
   */
  async probeStoredObject(key: string): Promise<MediaProbe | null> {
    const folder = await mkdtemp(join(tmpdir(), 'castbase-probe-'));
    try {
      const localPath = join(folder, 'upload');
      const object = await this.storage.get(key);
      await pipeline(object.body, createWriteStream(localPath));
      return await probeMedia(this.binaries, localPath).catch((error: unknown) => {
        this.logger.debug(
          `ffprobe refused ${key}: ${error instanceof Error ? error.message : String(error)}`,
        );
        return null;
      });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }
}
