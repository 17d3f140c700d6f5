import { Inject, Injectable } from '@nestjs/common';
import { can, DomainError, feedsRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import { APP_CONFIG, type AppConfig } from '@castbase/platform-config';
import { MessageBus, type RequestHandler } from '@castbase/platform-messaging';
import { FeedRegenerationQueue } from '../generation/feed-regeneration-queue.js';
import { feedStatus, isGenerated } from '../generation/feed-status.js';
import { callerRole } from './caller-role.js';

type Definition = typeof feedsRequests.generateFeed;

/**
 * The creator's Generate / Regenerate button (owner or editor): generates every variant now — merged with a
 * generation already running, which this one follows — and answers the RSS status after it. `ownerId` is the caller,
 * whose role the catalog confirms; the token shows in the URLs for the owner only.
 */
@Injectable()
export class GenerateFeedHandler implements RequestHandler<Definition> {
  readonly definition = feedsRequests.generateFeed;

  constructor(
    private readonly bus: MessageBus,
    private readonly queue: FeedRegenerationQueue,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'PUBLIC_URL'>,
  ) {}

  async handle({ ownerId: userId, podcastId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const role = await callerRole(this.bus, userId, podcastId);
    if (!can(role, 'editEpisodes')) throw new DomainError('PODCAST_ROLE_FORBIDDEN');
    const record = await this.queue.schedule(podcastId);
    if (!isGenerated(record)) throw new DomainError('FEED_NOT_FOUND');
    return feedStatus(record, this.config.PUBLIC_URL, role === 'owner');
  }
}
