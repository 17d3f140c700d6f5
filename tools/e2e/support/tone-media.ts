import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MediaFile } from '@castbase/contracts';
import { renderToneMp3, resolveFfmpegBinaries } from '@castbase/platform-ffmpeg';
import { waitFor } from '@castbase/platform-testing';
import type { ApiClient } from './api-client.js';
import { uploadFile } from './publish-flow.js';

/**
 * A tone MP3 of `seconds` made with ffmpeg, uploaded over tus as episode media, once the media service has processed
 * it. Processing a minute or more of audio takes longer than `uploadMp3`'s wait on a busy machine, so this one waits
 * up to two minutes.
 */
export async function uploadToneMp3(
  api: ApiClient,
  seconds: number,
  fileName = 'tone.mp3',
): Promise<MediaFile> {
  const folder = await mkdtemp(join(tmpdir(), 'castbase-tone-'));
  await renderToneMp3(resolveFfmpegBinaries(), join(folder, fileName), seconds);
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
