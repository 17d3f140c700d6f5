import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

export interface FfmpegBinaries {
  ffmpegPath: string;
  ffprobePath: string;
  source: 'configured' | 'system' | 'npm';
}

const require = createRequire(import.meta.url);

function systemBinary(name: string): string | undefined {
  try {
    return execFileSync('which', [name], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * ffmpeg and ffprobe: the configured paths first, then the system's (newer, as in the container image),
 * then the builds shipped in the npm packages @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe.
 */
export function resolveFfmpegBinaries(
  configured: { ffmpegPath?: string; ffprobePath?: string } = {},
): FfmpegBinaries {
  if (configured.ffmpegPath && configured.ffprobePath) {
    return { ffmpegPath: configured.ffmpegPath, ffprobePath: configured.ffprobePath, source: 'configured' };
  }
  const systemFfmpeg = systemBinary('ffmpeg');
  const systemFfprobe = systemBinary('ffprobe');
  if (systemFfmpeg && systemFfprobe) {
    return {
      ffmpegPath: configured.ffmpegPath ?? systemFfmpeg,
      ffprobePath: configured.ffprobePath ?? systemFfprobe,
      source: 'system',
    };
  }
  const ffmpeg = require('@ffmpeg-installer/ffmpeg') as { path: string };
  const ffprobe = require('@ffprobe-installer/ffprobe') as { path: string };
  return {
    ffmpegPath: configured.ffmpegPath ?? ffmpeg.path,
    ffprobePath: configured.ffprobePath ?? ffprobe.path,
    source: 'npm',
  };
}
