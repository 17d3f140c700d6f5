import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DirectoryStatusRepository } from '../directories/directory-status.repository.js';
import { FeedFiles } from '../feed-documents/feed-files.js';
import { FeedRepository } from '../feed-documents/feed.repository.js';
import { AfterCommit } from '@castbase/platform-persistence';
import { FeedResponseCache } from '../http/feed-response-cache.js';

/**
 * Removes podcasts' feeds in the caller's transaction: each podcast's lock is taken in order, as a generation takes
 * its one, so a generation in progress commits first and then goes too; the rows (status, variants, redirects) and
 * every stored file under `rss/{podcastId}/` go, with the directory statuses (the files before the commit, so a rolled-back removal is redone
 * whole when the event comes again); this process's cached copies once it commits (other replicas' within their
 * cache TTL). Answers how many podcasts had feeds and how many files went.
 */
@Injectable()
export class FeedRemover {
  constructor(
    private readonly feeds: FeedRepository,
    private readonly files: FeedFiles,
    private readonly afterCommit: AfterCommit,
    private readonly cache: FeedResponseCache,
    private readonly directoryStatuses: DirectoryStatusRepository,
  ) {}

  async remove(em: EntityManager, podcastIds: readonly string[]): Promise<{ feeds: number; files: number }> {
    const sorted = [...podcastIds].sort();
    for (const podcastId of sorted) await this.feeds.lockPodcast(em, podcastId);
    const feeds = await this.feeds.deletePodcasts(em, sorted);
    const files = await this.files.deletePodcasts(sorted);
    // What the directories answered about a podcast goes with it.
    await this.directoryStatuses.deleteForPodcasts(em, sorted);
    this.afterCommit.run(em, () => {
      for (const podcastId of sorted) this.cache.invalidatePodcast(podcastId);
    });
    return { feeds, files };
  }
}
