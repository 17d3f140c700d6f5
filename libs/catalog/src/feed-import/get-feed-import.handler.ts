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
import { MessageBus, type RequestHandler } from '@castbase/platform-messaging';
import { requirePodcastRole } from '../access/podcast-access.js';
import { FeedImport } from './feed-import.entity.js';
import { feedImportStatus } from './feed-import-status.js';

type Definition = typeof feedImportRequests.get;

/** The import of a podcast the caller has a role on (another's is PODCAST_NOT_FOUND, as for a missing one). */
@Injectable()
export class GetFeedImportHandler implements RequestHandler<Definition> {
  readonly definition = feedImportRequests.get;

  constructor(
    private readonly em: EntityManager,
    private readonly bus: MessageBus,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'PUBLIC_URL'>,
  ) {}

  async handle({ userId, podcastId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const em = this.em.fork();
    const { podcast } = await requirePodcastRole(em, userId, podcastId, 'view');
    const feedImport = await em.findOne(FeedImport, { podcastId });
    if (!feedImport) throw new DomainError('NOT_FOUND', feedImportMessages.noImport);
    return feedImportStatus(em, this.bus, this.config.PUBLIC_URL, podcast, feedImport);
  }
}
