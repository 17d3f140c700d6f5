import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  feedImportMessages,
  feedImportRequests,
  type ParsedRequestOf,
  type ReplyOf,
} from '@castbase/contracts';
import { APP_CONFIG, type AppConfig } from '@castbase/platform-config';
import { MessageBus, Outbox, type RequestHandler } from '@castbase/platform-messaging';
import { requirePodcastRole } from '../access/podcast-access.js';
import { Episode } from '../episodes/episode.entity.js';
import { FeedImport } from './feed-import.entity.js';
import { FeedImportSource } from './feed-import-source.js';
import { requirePlanRoom, requireUnlocked } from './feed-import-rules.js';
import { feedImportStatus } from './feed-import-status.js';
import { createImportedEpisodes, episodeCopies, queueCopies } from './import-episodes.js';
import type { ImportedEpisode } from './map-feed.js';

type Definition = typeof feedImportRequests.rerun;

/**
 * Reads the old feed again and adds, as a first import does, only the items whose guid none of the podcast's
 * episodes has (an episode deleted since is imported again; one edited here is left alone). The owner only. The
 * import's row is locked while the new guids are chosen and written, so two re-runs at once add each item once.
 */
@Injectable()
export class RerunFeedImportHandler implements RequestHandler<Definition> {
  readonly definition = feedImportRequests.rerun;

  constructor(
    private readonly em: EntityManager,
    private readonly bus: MessageBus,
    private readonly outbox: Outbox,
    private readonly source: FeedImportSource,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'PUBLIC_URL'>,
  ) {}

  async handle({ userId, email, podcastId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const em = this.em.fork();
    const { podcast } = await requirePodcastRole(em, userId, podcastId, 'manage');
    const known = await em.findOne(FeedImport, { podcastId });
    if (!known) throw new DomainError('NOT_FOUND', feedImportMessages.noImport);
    const feed = await this.source.read(known.feedUrl);
    requireUnlocked(feed.podcast, email);
    const fresh = await newEpisodes(em, podcastId, feed.episodes);
    await requirePlanRoom(em, this.bus, podcast.ownerId, fresh.length);
    const { feedImport, items } = await em.transactional(async (tx) => {
      const feedImport = await tx.findOneOrFail(FeedImport, known.id, {
        lockMode: LockMode.PESSIMISTIC_WRITE,
      });
      // Chosen again under the lock: a re-run that committed meanwhile added some of them.
      const toAdd = await newEpisodes(tx, podcastId, fresh);
      feedImport.added = toAdd.length;
      feedImport.lastRunAt = new Date();
      const items = await createImportedEpisodes(tx, this.outbox, podcast, feedImport, toAdd, userId);
      await tx.flush();
      return { feedImport, items };
    });
    await queueCopies(em, this.bus, podcast, episodeCopies(items));
    return feedImportStatus(em.fork(), this.bus, this.config.PUBLIC_URL, podcast, feedImport);
  }
}

/** The items whose guid none of the podcast's episodes has. */
async function newEpisodes(
  em: EntityManager,
  podcastId: string,
  episodes: readonly ImportedEpisode[],
): Promise<ImportedEpisode[]> {
  const existing = await em.find(Episode, { podcastId }, { fields: ['guid'], disableIdentityMap: true });
  const guids = new Set(existing.map((episode) => episode.guid));
  return episodes.filter((episode) => !guids.has(episode.guid));
}
