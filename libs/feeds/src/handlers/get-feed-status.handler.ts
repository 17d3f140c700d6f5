import { Inject, Injectable } from '@nestjs/common';
import { DomainError, feedsRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import { APP_CONFIG, type AppConfig } from '@castbase/platform-config';
import type { RequestHandler } from '@castbase/platform-messaging';
import { FeedDocumentRepository } from '../feed-documents/feed-document.repository.js';
import { feedStatus } from '../generation/feed-status.js';

type Definition = typeof feedsRequests.getFeedStatus;

/** The feed's URL, item count and generation time, for its owner only. */
@Injectable()
export class GetFeedStatusHandler implements RequestHandler<Definition> {
  readonly definition = feedsRequests.getFeedStatus;

  constructor(
    private readonly documents: FeedDocumentRepository,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'PUBLIC_URL'>,
  ) {}

  async handle({ ownerId, podcastId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const summary = await this.documents.findSummary(podcastId);
    // Another owner's feed is reported exactly like a missing one.
    if (!summary || summary.ownerId !== ownerId) throw new DomainError('FEED_NOT_FOUND');
    return feedStatus(summary, this.config.PUBLIC_URL);
  }
}
