import { readFile, stat } from 'node:fs/promises';
import type { Episode, MediaFile, Podcast, UploadTicket } from '@castbase/contracts';
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

export async function uploadMp3(api: ApiClient, filePath: string, fileName: string): Promise<MediaFile> {
  const { size } = await stat(filePath);
  const ticket = await api.ok<UploadTicket>('POST', '/api/media/uploads', {
    fileName,
    contentType: 'audio/mpeg',
    sizeBytes: size,
  });
  const put = await fetch(ticket.uploadUrl, {
    method: 'PUT',
    headers: ticket.headers,
    body: await readFile(filePath),
  });
  if (!put.ok) throw new Error(`PUT to the upload URL answered ${put.status}: ${await put.text()}`);
  return api.ok<MediaFile>('POST', `/api/media/uploads/${ticket.uploadId}/complete`);
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
