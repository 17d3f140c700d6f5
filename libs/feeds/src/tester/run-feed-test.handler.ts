import { Injectable } from '@nestjs/common';
import {
  catalogRequests,
  feedTestRequests,
  type FeedTestResult,
  type ParsedRequestOf,
  type ReplyOf,
} from '@castbase/contracts';
import { MessageBus, type RequestHandler } from '@castbase/platform-messaging';
import { GetFeedStatusHandler } from '../handlers/get-feed-status.handler.js';
import { FeedTestResultRepository } from './feed-test-result.repository.js';
import { FeedTester } from './feed-tester.js';

type Definition = typeof feedTestRequests.runFeedTest;

/**
 * The RSS widget's Test Feed button (owner, editor or viewer): fetches the podcast's live main feed, with its token
 * when private, scores it and keeps the result. The catalog answers whether the caller has a role on the podcast
 * (PODCAST_NOT_FOUND when not, as for a missing podcast); a podcast without a generated feed is FEED_NOT_FOUND.
 */
@Injectable()
export class RunFeedTestHandler implements RequestHandler<Definition> {
  readonly definition = feedTestRequests.runFeedTest;

  constructor(
    private readonly bus: MessageBus,
    private readonly feedStatus: GetFeedStatusHandler,
    private readonly tester: FeedTester,
    private readonly results: FeedTestResultRepository,
  ) {}

  async handle({ userId, podcastId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const podcast = await this.bus.request(catalogRequests.getPodcast, { userId, podcastId });
    // The feed's address is its owner's to know (the private token); the caller only sees the score.
    const { url } = await this.feedStatus.handle({ ownerId: podcast.ownerId, podcastId });
    const result: FeedTestResult = await this.tester.test(podcastId, url);
    await this.results.save(result);
    return result;
  }
}
