import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  feedsEvents,
  type DirectoryId,
  type DirectoryStatus,
  type StoredDirectoryStatus,
} from '@castbase/contracts';
import { Outbox } from '@castbase/platform-messaging';
import { DirectoryStatusRepository } from './directory-status.repository.js';

/**
 * Saves a directory's new status of a podcast and, when it differs from the one before, tells it
 * (`feeds.feed.flagged`, for the creators' 'RSS feed updates' e-mail) in the same transaction.
 */
@Injectable()
export class DirectoryStatusChanges {
  constructor(
    private readonly em: EntityManager,
    private readonly statuses: DirectoryStatusRepository,
    private readonly outbox: Outbox,
  ) {}

  async save(
    podcastId: string,
    directoryId: DirectoryId,
    from: DirectoryStatus,
    stored: StoredDirectoryStatus,
  ): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      await this.statuses.save(em, podcastId, directoryId, stored);
      if (stored.status !== from)
        this.outbox.add(em, feedsEvents.feedAttention, {
          podcastId,
          at: stored.lastChecked ?? new Date().toISOString(),
          attention: { kind: 'directory', directoryId, from, to: stored.status },
        });
    });
  }
}
