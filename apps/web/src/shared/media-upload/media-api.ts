import {
  mediaFileSchema,
  processingJobSchema,
  type MediaFile,
  type ProcessingJob,
  type VideoRender,
} from '@castbase/contracts';
import { z } from 'zod';
import type { ApiClient } from '../api/api-client.js';

/** Removes an uploaded file, its outputs and their stored objects (`DELETE /api/media/:id`). */
export async function deleteMedia(api: ApiClient, mediaId: string): Promise<void> {
  await api.request(`/media/${encodeURIComponent(mediaId)}`, { method: 'DELETE', response: z.unknown() });
}

/** Runs a failed processing job again from the start (`POST /api/media/:id/jobs/:jobId/retry`). */
export function retryProcessingJob(api: ApiClient, mediaId: string, jobId: string): Promise<ProcessingJob> {
  return api.request(`/media/${encodeURIComponent(mediaId)}/jobs/${encodeURIComponent(jobId)}/retry`, {
    method: 'POST',
    response: processingJobSchema,
  });
}

export const mediaQueryKeys = {
  file: (mediaId: string) => ['media', 'file', mediaId] as const,
};

/** A stored file with its outputs and jobs (`GET /api/media/:id`). */
export function fetchMediaFile(api: ApiClient, mediaId: string, signal?: AbortSignal): Promise<MediaFile> {
  return api.get(`/media/${encodeURIComponent(mediaId)}`, mediaFileSchema, signal);
}

/** Starts a video job: a trim, an export preset or a short (`POST /api/media/:id/renders`). */
export function renderVideo(api: ApiClient, mediaId: string, render: VideoRender): Promise<ProcessingJob> {
  return api.request(`/media/${encodeURIComponent(mediaId)}/renders`, {
    method: 'POST',
    body: render,
    response: processingJobSchema,
  });
}
