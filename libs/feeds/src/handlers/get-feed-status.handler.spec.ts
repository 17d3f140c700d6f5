import { beforeEach, describe, expect, it } from '@jest/globals';
import { DomainError } from '@castbase/contracts';
import { aFeedDocument, OWNER_ID, PODCAST_ID } from '../testing/feed-fixtures.js';
import { InMemoryFeedDocumentRepository } from '../testing/in-memory-feed-document.repository.js';
import { GetFeedStatusHandler } from './get-feed-status.handler.js';

describe('feeds.feed.get', () => {
  let repository: InMemoryFeedDocumentRepository;
  let handler: GetFeedStatusHandler;

  beforeEach(() => {
    repository = new InMemoryFeedDocumentRepository();
    handler = new GetFeedStatusHandler(repository, { PUBLIC_URL: 'https://castbase.example' });
  });

  it('tells the owner where the feed is, how many episodes it lists and when it was generated', async () => {
    repository.put(aFeedDocument({ episodeCount: 12 }));

    await expect(handler.handle({ ownerId: OWNER_ID, podcastId: PODCAST_ID })).resolves.toEqual({
      podcastId: PODCAST_ID,
      url: 'https://castbase.example/feeds/ada/signal-and-noise.xml',
      episodeCount: 12,
      generatedAt: '2025-04-03T02:01:00.123Z',
    });
  });

  it('addresses the feed of an owner without a username by podcast id under "podcast"', async () => {
    repository.put(aFeedDocument({ username: null }));

    const status = await handler.handle({ ownerId: OWNER_ID, podcastId: PODCAST_ID });

    expect(status.url).toBe(`https://castbase.example/feeds/podcast/${PODCAST_ID}.xml`);
  });

  it('answers FEED_NOT_FOUND for a podcast without a feed', async () => {
    await expect(handler.handle({ ownerId: OWNER_ID, podcastId: PODCAST_ID })).rejects.toMatchObject({
      code: 'FEED_NOT_FOUND',
    });
  });

  it('answers FEED_NOT_FOUND, and nothing about the feed, to another owner', async () => {
    repository.put(aFeedDocument());

    const error = await handler
      .handle({ ownerId: 'someone-else', podcastId: PODCAST_ID })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).toJSON()).toEqual({ code: 'FEED_NOT_FOUND', message: 'Feed not found' });
  });
});
