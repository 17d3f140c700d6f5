import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MediaFile } from '@castbase/contracts';
import { resolveFfmpegBinaries, runFfmpeg } from '@castbase/platform-ffmpeg';
import { waitFor } from '@castbase/platform-testing';
import type { ApiClient } from './api-client.js';
import { uploadFile } from './publish-flow.js';

/**
 * A tone MP3 of `seconds` (renderQuickToneMp3's) uploaded over tus as episode media, once the media service has
 * processed it. Processing a minute or more of audio takes longer than `uploadMp3`'s wait on a busy machine, so this
 * one waits up to two minutes.
 */
export async function uploadToneMp3(
  api: ApiClient,
  seconds: number,
  fileName = 'tone.mp3',
): Promise<MediaFile> {
  const folder = await mkdtemp(join(tmpdir(), 'castbase-tone-'));
  await renderQuickToneMp3(join(folder, fileName), seconds);
  const uploaded = await uploadFile(api, {
    input: join(folder, fileName),
    fileName,
    fileType: 'audio/mpeg',
    purpose: 'episode-media',
  });
  return waitFor(
    `${fileName} to be processed`,
    async () => {
      const file = await api.ok<MediaFile>('GET', `/api/media/${uploaded.id}`);
      if (file.status === 'failed') throw new Error(`Processing failed: ${JSON.stringify(file.jobs)}`);
      return file.status === 'ready' ? file : undefined;
    },
    { timeoutMs: 120_000, intervalMs: 250 },
  );
}

/**
 * A tone MP3 that is quick to make and to process, for a test that needs an episode's length and not its sound: mono,
 * 8 kHz, 8 kbps (a phone line's quality). Eight minutes of it take about 2 s to render instead of 20 s at
 * renderToneMp3's 44.1 kHz stereo, and the media service measures its loudness and draws its waveform in half the
 * time. Below the podcast's bitrate it is published as it is, as such a file would be.
 */
export async function renderQuickToneMp3(path: string, seconds: number, frequencyHz = 220): Promise<void> {
  await runFfmpeg(resolveFfmpegBinaries(), [
    ...['-f', 'lavfi', '-i', `sine=frequency=${frequencyHz}:duration=${seconds}`],
    ...['-ac', '1', '-ar', '8000', '-c:a', 'libmp3lame', '-b:a', '8k', '-f', 'mp3', path],
  ]);
}
