import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreateEpisodeInput, Episode, MediaFile, Podcast } from '@castbase/contracts';
import { renderTestVideo, renderToneMp3, resolveFfmpegBinaries } from '@castbase/platform-ffmpeg';
import { waitFor } from '@castbase/platform-testing';
import { ApiClient } from './api-client.js';
import { uploadFile, uploadMp3 } from './publish-flow.js';
import type { DeviceStorage } from './web-journey.js';

// A podcast of many episodes with every kind the All Episodes filters tell apart, made through the API as the
// signed-in creator.

/** The creator's API client from what a signed-in device keeps (the app's access token in localStorage). */
export function apiOfDevice(storage: DeviceStorage, baseUrl: string): ApiClient {
  const entry = storage.origins
    .flatMap((origin) => origin.localStorage)
    .find((item) => item.name.startsWith('oidc.user:'));
  if (!entry) throw new Error('No signed-in user on the device');
  const user = JSON.parse(entry.value) as { access_token: string; profile: { sub: string } };
  return new ApiClient(baseUrl, { id: user.profile.sub, username: 'ada', token: user.access_token });
}

/** A short MP3, uploaded and processed: for a test whose episodes need audio and no video. */
export async function uploadSeedAudio(api: ApiClient): Promise<MediaFile> {
  const folder = await mkdtemp(join(tmpdir(), 'castbase-episodes-'));
  await renderToneMp3(resolveFfmpegBinaries(), join(folder, 'tone.mp3'), 4);
  return uploadMp3(api, join(folder, 'tone.mp3'), 'tone.mp3');
}

/** A short MP3 and a short MP4, uploaded and processed. */
export async function uploadSeedMedia(api: ApiClient): Promise<{ audio: MediaFile; video: MediaFile }> {
  const folder = await mkdtemp(join(tmpdir(), 'castbase-episodes-'));
  const binaries = resolveFfmpegBinaries();
  // The two files are made, sent and processed side by side.
  const audio = uploadSeedAudio(api);
  const video = renderTestVideo(binaries, join(folder, 'clip.mp4'), 'mp4', {
    seconds: 2,
    width: 320,
    height: 240,
  }).then(async () => {
    const uploaded = await uploadFile(api, {
      input: join(folder, 'clip.mp4'),
      fileName: 'clip.mp4',
      fileType: 'video/mp4',
      purpose: 'episode-media',
    });
    return waitFor(
      'clip.mp4 to be processed',
      async () => {
        const file = await api.ok<MediaFile>('GET', `/api/media/${uploaded.id}`);
        if (file.status === 'failed') throw new Error(`Processing failed: ${JSON.stringify(file.jobs)}`);
        return file.status === 'ready' ? file : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 250 },
    );
  });
  // Both are awaited before either's failure is thrown, so that nothing is left running after the test.
  const [audioFile, videoFile] = await Promise.allSettled([audio, video]);
  if (audioFile.status === 'rejected') throw audioFile.reason;
  if (videoFile.status === 'rejected') throw videoFile.reason;
  return { audio: audioFile.value, video: videoFile.value };
}

const WORDS = ['Aurora', 'Beacon', 'Cascade', 'Drift', 'Ember', 'Fjord', 'Glacier', 'Harbor'];

/** What the seed makes of episode `n` (1-based): the filters' answers are computed from these. */
export interface SeedEpisode {
  n: number;
  input: CreateEpisodeInput;
  media: 'audio' | 'video' | null;
}

/**
 * 200 episodes: 'Aurora — Episode 1' …; seasons 1–4; every 20th a trailer, every 15th a bonus; every 3rd explicit;
 * every 8th out of the RSS feed; every 10th tagged 'interview'; every 25th a video (published), every other 10th
 * an audio episode (published when a 20th); of the others every 7th scheduled, the rest drafts.
 */
export function seedPlan(count: number, media: { audio: MediaFile; video: MediaFile }): SeedEpisode[] {
  const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    const kind = n % 25 === 0 ? 'video' : n % 10 === 0 ? 'audio' : null;
    const status =
      kind === 'video' || (kind === 'audio' && n % 20 === 0)
        ? 'published'
        : n % 7 === 0
          ? 'scheduled'
          : 'draft';
    const input: CreateEpisodeInput = {
      title: `${WORDS[n % WORDS.length]} — Episode ${n}`,
      description: n % 9 === 0 ? 'A conversation about quantum signals.' : `Notes for episode ${n}.`,
      tags: n % 10 === 0 ? ['interview', 'news'] : ['news'],
      seasonNumber: (n % 4) + 1,
      episodeNumber: n,
      episodeType: n % 20 === 0 ? 'trailer' : n % 15 === 0 ? 'bonus' : 'full',
      explicit: n % 3 === 0,
      enableRss: n % 8 !== 0,
      enableVideo: kind === 'video',
      status,
      ...(kind ? { mediaId: kind === 'video' ? media.video.id : media.audio.id } : {}),
      ...(status === 'scheduled' ? { scheduledReleaseDate: soon(3 + (n % 11)) } : {}),
    };
    return { n, input, media: kind };
  });
}

/** Creates the plan's episodes in order, a few at a time. */
export async function createSeedEpisodes(
  api: ApiClient,
  podcast: Podcast,
  plan: readonly SeedEpisode[],
): Promise<Episode[]> {
  const created: Episode[] = [];
  for (let start = 0; start < plan.length; start += 8) {
    const batch = plan.slice(start, start + 8);
    created.push(
      ...(await Promise.all(
        batch.map((seed) => api.ok<Episode>('POST', `/api/podcasts/${podcast.id}/episodes`, seed.input)),
      )),
    );
  }
  return created;
}
