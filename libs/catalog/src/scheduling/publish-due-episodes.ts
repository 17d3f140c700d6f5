import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { catalogEvents } from '@castbase/contracts';
import { Outbox } from '@castbase/platform-messaging';
import { Episode } from '../episodes/episode.entity.js';
import { episodePublishedPayload, markPublished } from '../episodes/episode-lifecycle.js';
import { recordVersion } from '../versions/record-version.js';

/** Due episodes published per transaction: a long backlog commits (and reaches the feeds) batch by batch. */
export const PUBLISH_DUE_BATCH_SIZE = 100;

/**
 * The server routine of spec 2 §4 (`publish_scheduled_episodes`): every scheduled episode whose
 * scheduled_release_date has come is published, each exactly once however many catalog replicas run this at the
 * same moment. Each batch takes its rows with `FOR UPDATE SKIP LOCKED`: a row another replica (or a creator's
 * publish or cancel) holds is left to it, and one it has changed no longer matches once its lock is released. The
 * status, the version and `catalog.episode.published` of each episode commit together.
 *
 * An episode with no audio or video is never published (spec 2 §4): a due one stays scheduled, and goes out on
 * the first run after media is added to it.
 */
@Injectable()
export class PublishDueEpisodes {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: Outbox,
  ) {}

  /** Publishes what is due now; answers how many episodes this call published. */
  async execute(): Promise<number> {
    let published = 0;
    for (;;) {
      const batch = await this.publishBatch();
      published += batch;
      if (batch < PUBLISH_DUE_BATCH_SIZE) return published;
    }
  }

  private publishBatch(): Promise<number> {
    return this.em.fork().transactional(async (em) => {
      const now = new Date();
      const due = await em.find(
        Episode,
        { status: 'scheduled', scheduledReleaseDate: { $lte: now }, media: { $ne: null } },
        {
          orderBy: { scheduledReleaseDate: 'asc', id: 'asc' },
          limit: PUBLISH_DUE_BATCH_SIZE,
          lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE,
        },
      );
      if (due.length === 0) return 0;
      const schedulers = await lastAuthors(
        em,
        due.map((episode) => episode.id),
      );
      for (const episode of due) {
        markPublished(episode, now);
        recordVersion(em, episode, schedulers.get(episode.id) ?? episode.ownerId);
        this.outbox.add(em, catalogEvents.episodePublished, episodePublishedPayload(episode));
      }
      await em.flush();
      return due.length;
    });
  }
}

/**
 * Who saved each episode last: the person who scheduled it, in whose name its history records the publish (the
 * podcast's owner for an episode with no version).
 */
async function lastAuthors(em: EntityManager, episodeIds: string[]): Promise<Map<string, string>> {
  const rows = await em.execute<Array<{ episode_id: string; user_id: string }>>(
    `select distinct on (episode_id) episode_id, user_id
       from catalog.episode_versions
      where episode_id = any(?::uuid[])
      order by episode_id, version_number desc`,
    [`{${episodeIds.join(',')}}`],
  );
  return new Map(rows.map((row) => [row.episode_id, row.user_id]));
}
