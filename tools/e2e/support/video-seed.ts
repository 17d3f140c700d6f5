import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MediaFile } from '@castbase/contracts';
import { renderTestVideo, resolveFfmpegBinaries } from '@castbase/platform-ffmpeg';
import { waitFor } from '@castbase/platform-testing';
import type { ApiClient } from './api-client.js';
import { uploadFile } from './publish-flow.js';

/** A 30-second 320x240 WebM (VP8 and Opus: Chromium plays it without proprietary codecs), uploaded and processed. */
export async function uploadWebmVideo(api: ApiClient): Promise<MediaFile> {
  const folder = await mkdtemp(join(tmpdir(), 'castbase-videos-'));
  const path = join(folder, 'talk.webm');
  await renderTestVideo(resolveFfmpegBinaries(), path, 'webm', { seconds: 30, width: 320, height: 240 });
  const uploaded = await uploadFile(api, {
    input: path,
    fileName: 'talk.webm',
    fileType: 'video/webm',
    purpose: 'episode-media',
  });
  return waitFor(
    'talk.webm to be processed',
    async () => {
      const file = await api.ok<MediaFile>('GET', `/api/media/${uploaded.id}`);
      if (file.status === 'failed') throw new Error(`Processing failed: ${JSON.stringify(file.jobs)}`);
      return file.status === 'ready' ? file : undefined;
    },
    { timeoutMs: 120_000, intervalMs: 250 },
  );
}
