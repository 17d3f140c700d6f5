import {
  MEDIA_UPLOAD_PATH,
  mediaFileSchema,
  type Episode,
  type EpisodeMedia,
  type MediaFile,
  type Podcast,
} from '@castbase/contracts';
import { tusUpload, waitFor, type TusTestUpload } from '@castbase/platform-testing';
import type { ApiClient } from './api-client.js';

export interface PublishedEpisode {
  podcast: Podcast;
  media: MediaFile;
  episode: Episode;
}

/** What a creator does from the dashboard: create a podcast, upload an MP3, create and publish an episode. */
export async function createPodcast(api: ApiClient, name: string): Promise<Podcast> {
  return api.ok<Podcast>('POST', '/api/podcasts', {
    name,
    description: 'A show made by the walking skeleton test',
    author: 'Test Host',
  });
}

/** Uploads a file over tus through the gateway, as the web app's upload component does. */
export async function uploadFile(api: ApiClient, upload: TusTestUpload): Promise<MediaFile> {
  const token = api.user?.token;
  if (!token) throw new Error('Uploading needs a signed-in API client');
  const result = await tusUpload(`${api.baseUrl}${MEDIA_UPLOAD_PATH}`, token, upload);
  if (result.outcome !== 'finished')
    throw new Error(`The upload was not finished: ${JSON.stringify(result)}`);
  return mediaFileSchema.parse(JSON.parse(result.body));
}

/** Uploads an MP3 for an episode and waits until it is processed (its published file and peaks are stored). */
export async function uploadMp3(api: ApiClient, filePath: string, fileName: string): Promise<MediaFile> {
  const uploaded = await uploadFile(api, {
    input: filePath,
    fileName,
    fileType: 'audio/mpeg',
    purpose: 'episode-media',
  });
  return waitFor(`${fileName} to be processed`, async () => {
    const file = await api.ok<MediaFile>('GET', `/api/media/${uploaded.id}`);
    if (file.status === 'failed') throw new Error(`Processing failed: ${JSON.stringify(file.jobs)}`);
    return file.status === 'ready' ? file : undefined;
  });
}

export async function createAndPublishEpisode(
  api: ApiClient,
  podcast: Podcast,
  media: MediaFile,
  title: string,
): Promise<Episode> {
  const draft = await api.ok<Episode>('POST', `/api/podcasts/${podcast.id}/episodes`, {
    title,
    description: 'Episode <one> & "more"',
    mediaId: media.id,
  });
  return api.ok<Episode>('POST', `/api/episodes/${draft.id}/publish`);
}

/**
 * The episode's own tagged copy of its MP3: after a change of the file, title or chapters, media writes them into a
 * copy at a new key and the catalog then serves that copy (docs/media.md). Waits until the catalog has it.
 */
export async function taggedCopyOf(
  api: ApiClient,
  episode: Episode,
  media: MediaFile,
): Promise<EpisodeMedia> {
  return waitFor(
    "the episode's own tagged copy of the MP3",
    async () => {
      const current = await api.ok<Episode>('GET', `/api/episodes/${episode.id}`);
      return current.media && current.media.storageKey !== media.storageKey ? current.media : undefined;
    },
    { timeoutMs: 30_000 },
  );
}
