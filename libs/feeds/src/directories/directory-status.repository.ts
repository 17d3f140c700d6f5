import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { DirectoryId, StoredDirectoryStatus } from '@castbase/contracts';
import { DirectoryStatusEntity } from './directory-status.entity.js';

/** The only place directory statuses are read and written. */
@Injectable()
export class DirectoryStatusRepository {
  constructor(private readonly em: EntityManager) {}

  async findForPodcast(podcastId: string): Promise<Map<DirectoryId, StoredDirectoryStatus>> {
    const rows = await this.em.fork().find(DirectoryStatusEntity, { podcastId });
    return new Map(rows.map((row) => [row.directoryId, toStored(row)]));
  }

  /** Inserts or replaces one directory's status of a podcast, in the caller's transaction. */
  async save(
    em: EntityManager,
    podcastId: string,
    directoryId: DirectoryId,
    stored: StoredDirectoryStatus,
  ): Promise<void> {
    await em.upsert(
      DirectoryStatusEntity,
      {
        podcastId,
        directoryId,
        status: stored.status,
        submittedAt: stored.submittedAt ? new Date(stored.submittedAt) : null,
        lastChecked: stored.lastChecked ? new Date(stored.lastChecked) : null,
      },
      { onConflictFields: ['podcastId', 'directoryId'] },
    );
  }

  /** Deletes the statuses of these podcasts in the caller's transaction; answers how many rows went. */
  async deleteForPodcasts(em: EntityManager, podcastIds: readonly string[]): Promise<number> {
    if (podcastIds.length === 0) return 0;
    return em.nativeDelete(DirectoryStatusEntity, { podcastId: { $in: [...podcastIds] } });
  }
}

function toStored(row: DirectoryStatusEntity): StoredDirectoryStatus {
  return {
    status: row.status,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    lastChecked: row.lastChecked?.toISOString() ?? null,
  };
}
