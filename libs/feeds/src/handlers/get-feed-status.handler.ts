import { Inject, Injectable } from '@nestjs/common';
import { DomainError, feedsRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import { APP_CONFIG, type AppConfig } from '@castbase/platform-config';
import { MessageBus, type RequestHandler } from '@castbase/platform-messaging';
import { FeedRepository } from '../feed-documents/feed.repository.js';
import { feedStatus, isGenerated } from '../generation/feed-status.js';
import { callerRole } from './caller-role.js';

type Definition = typeof feedsRequests.getFeedStatus;

/**
 * The RSS status kept on the server (spec 2 §3), for anyone with a role on the podcast; `ownerId` is the caller, whose
 * role the catalog confirms. FEED_NOT_FOUND before the first generation. The token shows in the URLs for the owner only.
 */
@Injectable()
export class GetFeedStatusHandler implements RequestHandler<Definition> {
  readonly definition = feedsRequests.getFeedStatus;

  constructor(
    private readonly bus: MessageBus,
    private readonly feeds: FeedRepository,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'PUBLIC_URL'>,
  ) {}

  async handle({ ownerId: userId, podcastId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const role = await callerRole(this.bus, userId, podcastId);
    const record = await this.feeds.readPodcast(podcastId);
    if (!isGenerated(record)) throw new DomainError('FEED_NOT_FOUND');
    return feedStatus(record, this.config.PUBLIC_URL, role === 'owner');
  }
}
