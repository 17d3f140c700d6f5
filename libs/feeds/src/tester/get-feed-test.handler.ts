import { Injectable } from '@nestjs/common';
import { catalogRequests, feedTestRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import { MessageBus, type RequestHandler } from '@castbase/platform-messaging';
import { FeedTestResultRepository } from './feed-test-result.repository.js';

type Definition = typeof feedTestRequests.getFeedTest;

/** The podcast's last feed test, for anyone with a role on it; null before the first. */
@Injectable()
export class GetFeedTestHandler implements RequestHandler<Definition> {
  readonly definition = feedTestRequests.getFeedTest;

  constructor(
    private readonly bus: MessageBus,
    private readonly results: FeedTestResultRepository,
  ) {}

  async handle({ userId, podcastId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    // The catalog checks the caller's role: another user's podcast is PODCAST_NOT_FOUND.
    await this.bus.request(catalogRequests.getPodcast, { userId, podcastId });
    return { result: await this.results.findLast(podcastId) };
  }
}
