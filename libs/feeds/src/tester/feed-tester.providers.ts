import type { Provider } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@castbase/platform-config';
import { RemoteFetcher } from '@castbase/platform-remote-fetch';
import { FeedTestResultEntity } from './feed-test-result.entity.js';
import { FeedTestResultRepository } from './feed-test-result.repository.js';
import { FEED_TEST_TIMEOUT_MS, FeedTester } from './feed-tester.js';
import { GetFeedTestHandler } from './get-feed-test.handler.js';
import { RunFeedTestHandler } from './run-feed-test.handler.js';

export const feedTestRequestHandlers = [RunFeedTestHandler, GetFeedTestHandler];
export const feedTestEntities = [FeedTestResultEntity];

/** The tester's fetcher refuses private addresses unless FEED_FETCH_ALLOW_PRIVATE says a local install may. */
export const feedTesterProviders: Provider[] = [
  {
    provide: FeedTester,
    inject: [APP_CONFIG],
    useFactory: (config: Partial<Pick<AppConfig, 'FEED_FETCH_ALLOW_PRIVATE'>>) =>
      new FeedTester(
        new RemoteFetcher({
          timeoutMs: FEED_TEST_TIMEOUT_MS,
          allowPrivateAddresses: config.FEED_FETCH_ALLOW_PRIVATE === true,
        }),
      ),
  },
  FeedTestResultRepository,
];
