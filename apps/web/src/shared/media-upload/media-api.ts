import { processingJobSchema, type ProcessingJob } from '@castbase/contracts';
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
