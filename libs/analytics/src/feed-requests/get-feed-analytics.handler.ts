import { Injectable } from '@nestjs/common';
import {
  analyticsRequests,
  can,
  catalogRequests,
  DomainError,
  type ParsedRequestOf,
  type ReplyOf,
} from '@castbase/contracts';
import { MessageBus, type RequestHandler } from '@castbase/platform-messaging';
import { FeedAnalyticsService } from './feed-analytics.service.js';

type Definition = typeof analyticsRequests.getFeedAnalytics;

/**
 * A podcast's feed analytics for a viewer or more of it. The role is asked of the catalog on every request, cached
 * answer or not, behind the gateway's own check: a caller without a role gets the catalog's PODCAST_NOT_FOUND, as
 * for a podcast that does not exist, and never a figure.
 */
@Injectable()
export class GetFeedAnalyticsHandler implements RequestHandler<Definition> {
  readonly definition = analyticsRequests.getFeedAnalytics;

  constructor(
    private readonly bus: MessageBus,
    private readonly analytics: FeedAnalyticsService,
  ) {}

  async handle({ userId, podcastId, timeRange }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const { role } = await this.bus.request(catalogRequests.resolveAccess, { userId, podcastId });
    if (!can(role, 'view')) throw new DomainError('PODCAST_ROLE_FORBIDDEN');
    return this.analytics.answer(podcastId, timeRange);
  }
}
