import type { EntityManager } from '@mikro-orm/postgresql';
import type { MediaFile as MediaFileDto } from '@castbase/contracts';
import type { ObjectStorage } from '@castbase/platform-storage';
import { ProcessingJob } from '../processing-jobs/processing-job.entity.js';
import type { MediaFile } from './media-file.entity.js';
import { MediaOutput } from './media-output.entity.js';

/**
 * A media file as the bus answers it: URLs are made from keys when read (never stored), so a change of
 * `PUBLIC_URL` or `S3_PUBLIC_URL` leaves nothing stale. Once processed, `url`, `sizeBytes` and `mimeType` are the
 * published output's (the original's stay in the row, for the plan's storage count).
 */
export async function toMediaFileReply(
  em: EntityManager,
  storage: ObjectStorage,
  file: MediaFile,
): Promise<MediaFileDto> {
  const [outputs, jobs] = await Promise.all([
    em.find(MediaOutput, { mediaId: file.id }, { orderBy: { createdAt: 'asc', role: 'asc' } }),
    em.find(ProcessingJob, { mediaId: file.id }, { orderBy: { createdAt: 'asc' } }),
  ]);
  const reply = file.toDto(
    storage.publicUrl(file.storageKey),
    outputs.map((output) => output.toDto(storage.publicUrl(output.storageKey))),
    jobs.map((job) => job.toDto()),
  );
  // Size and type describe the file at `url`: an enclosure's length must be the published file's.
  const published = outputs.find((output) => output.storageKey === file.storageKey);
  return published ? { ...reply, sizeBytes: published.sizeBytes, mimeType: published.mimeType } : reply;
}
