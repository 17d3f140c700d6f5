import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { aFeedDocument, PODCAST_ID } from '../testing/feed-fixtures.js';
import { openFeedsTestDatabase } from '../testing/feed-documents-test-database.js';
import { FeedCacheInvalidator } from './feed-cache-invalidator.js';
import { FeedResponseCache } from './feed-response-cache.js';

const ADDRESS = 'ada/signal-and-noise';

describe('FeedCacheInvalidator', () => {
  let testDatabase: Awaited<ReturnType<typeof openFeedsTestDatabase>>;
  let orm: MikroORM;

  beforeAll(async () => {
    testDatabase = await openFeedsTestDatabase();
    orm = testDatabase.orm;
  });

  afterAll(async () => {
    await testDatabase?.close();
  });

  function cacheWithFeed(): { cache: FeedResponseCache; invalidator: FeedCacheInvalidator } {
    const cache = new FeedResponseCache();
    cache.storeFeed(ADDRESS, aFeedDocument(), cache.version());
    return { cache, invalidator: new FeedCacheInvalidator(orm.em, cache) };
  }

  it('keeps the cached feed while the regenerating transaction is open, and drops it when it commits', async () => {
    const { cache, invalidator } = cacheWithFeed();
    const statesInside: string[] = [];

    await orm.em.fork().transactional(async (em) => {
      await em.execute('select 1');
      invalidator.invalidateAfterCommit(em, PODCAST_ID);
      statesInside.push(cache.lookup(ADDRESS).state);
    });

    expect(statesInside).toEqual(['fresh']);
    expect(cache.lookup(ADDRESS).state).toBe('unknown');
  });

  it('keeps the cached feed when the transaction rolls back', async () => {
    const { cache, invalidator } = cacheWithFeed();

    await expect(
      orm.em.fork().transactional(async (em) => {
        invalidator.invalidateAfterCommit(em, PODCAST_ID);
        throw new Error('rendering failed');
      }),
    ).rejects.toThrow('rendering failed');

    expect(cache.lookup(ADDRESS).state).toBe('fresh');
  });

  it('drops the cached feed at once outside a transaction', () => {
    const { cache, invalidator } = cacheWithFeed();

    invalidator.invalidateAfterCommit(orm.em.fork(), PODCAST_ID);

    expect(cache.lookup(ADDRESS).state).toBe('unknown');
  });
});
