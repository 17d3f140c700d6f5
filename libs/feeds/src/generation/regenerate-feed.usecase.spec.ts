import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { catalogRequests, DomainError, type RequestDefinition, type RequestOf } from '@castbase/contracts';
import { MessageBus, Outbox, OutboxMessage } from '@castbase/platform-messaging';
import type { MikroORM } from '@mikro-orm/postgresql';
import { FeedDocumentEntity } from '../feed-documents/feed-document.entity.js';
import { MikroOrmFeedDocumentRepository } from '../feed-documents/mikro-orm-feed-document.repository.js';
import { feedsDatabase } from '../feeds-database.js';
import { regenerateAfterCatalogChange } from '../handlers/regenerate-after-catalog-change.js';
import { FeedCacheInvalidator } from '../http/feed-cache-invalidator.js';
import { FeedResponseCache } from '../http/feed-response-cache.js';
import type { FeedSource } from '../rss/render-podcast-feed.js';
import { openFeedsTestDatabase } from '../testing/feed-documents-test-database.js';
import { aFeedDocument, aPodcast, anEpisode, OWNER_ID, PODCAST_ID } from '../testing/feed-fixtures.js';
import { RegenerateFeed } from './regenerate-feed.usecase.js';

const PUBLIC_URL = 'https://castbase.example';

/** Answers `catalog.feed-source.get` from `source`, or with PODCAST_NOT_FOUND when it is null. */
class CatalogStub {
  source: FeedSource | null = null;

  async request<D extends RequestDefinition>(definition: D, payload: RequestOf<D>): Promise<unknown> {
    if (definition.subject !== catalogRequests.getFeedSource.subject)
      throw new Error(`unexpected request ${definition.subject}`);
    const { podcastId } = payload as RequestOf<typeof catalogRequests.getFeedSource>;
    if (!this.source || this.source.podcast.id !== podcastId) throw new DomainError('PODCAST_NOT_FOUND');
    return this.source;
  }
}

describe('RegenerateFeed on PostgreSQL', () => {
  let testDatabase: Awaited<ReturnType<typeof openFeedsTestDatabase>>;
  let orm: MikroORM;
  let catalog: CatalogStub;
  let cache: FeedResponseCache;
  let regenerateFeed: RegenerateFeed;
  const repository = () => new MikroOrmFeedDocumentRepository(orm.em);

  beforeAll(async () => {
    testDatabase = await openFeedsTestDatabase(feedsDatabase);
    orm = testDatabase.orm;
  });

  afterAll(async () => {
    await testDatabase?.close();
  });

  beforeEach(async () => {
    await orm.em.fork().nativeDelete(FeedDocumentEntity, {});
    await orm.em.fork().nativeDelete(OutboxMessage, {});
    catalog = new CatalogStub();
    cache = new FeedResponseCache();
    regenerateFeed = new RegenerateFeed(
      catalog as unknown as MessageBus,
      new Outbox(),
      repository(),
      new FeedCacheInvalidator(orm.em, cache),
      { PUBLIC_URL },
    );
  });

  const inTransaction = <T>(work: (em: typeof orm.em) => Promise<T>) => orm.em.fork().transactional(work);

  it('stores the rendered feed with its ETag, size and item count, and reports its status', async () => {
    catalog.source = {
      podcast: aPodcast(),
      episodes: [anEpisode(), anEpisode(), anEpisode({ status: 'draft', publishDate: null })],
    };

    const { status } = await inTransaction((em) => regenerateFeed.execute(em, { podcastId: PODCAST_ID }));

    const stored = await repository().findByAddress({ username: 'ada', slugOrPodcastId: 'signal-and-noise' });
    expect(stored).toMatchObject({
      podcastId: PODCAST_ID,
      ownerId: OWNER_ID,
      username: 'ada',
      slug: 'signal-and-noise',
      visibility: 'public',
      episodeCount: 2,
    });
    expect(stored?.xml).toContain('<title>Signal &amp; Noise</title>');
    expect(stored?.byteSize).toBe(Buffer.byteLength(stored?.xml ?? ''));
    expect(stored?.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(status).toEqual({
      podcastId: PODCAST_ID,
      url: `${PUBLIC_URL}/feeds/ada/signal-and-noise.xml`,
      episodeCount: 2,
      generatedAt: stored?.generatedAt.toISOString(),
    });
  });

  it("records feeds.feed.regenerated with the status and the podcast's owner in the outbox of the same transaction", async () => {
    catalog.source = { podcast: aPodcast(), episodes: [anEpisode()] };

    const { status } = await inTransaction((em) => regenerateFeed.execute(em, { podcastId: PODCAST_ID }));

    const messages = await orm.em.fork().find(OutboxMessage, {});
    expect(messages.map((message) => [message.subject, message.payload])).toEqual([
      ['feeds.feed.regenerated', { ...status, ownerId: OWNER_ID }],
    ]);
  });

  it('keeps the same ETag when nothing in the podcast changed', async () => {
    catalog.source = { podcast: aPodcast(), episodes: [anEpisode()] };
    const first = await inTransaction((em) => regenerateFeed.execute(em, { podcastId: PODCAST_ID }));
    const second = await inTransaction((em) => regenerateFeed.execute(em, { podcastId: PODCAST_ID }));

    expect(second.document.etag).toBe(first.document.etag);
  });

  it("drops this process's cached copy once the new feed is committed", async () => {
    cache.storeFeed('ada/signal-and-noise', aFeedDocument(), cache.version());
    catalog.source = { podcast: aPodcast(), episodes: [anEpisode()] };

    await inTransaction((em) => regenerateFeed.execute(em, { podcastId: PODCAST_ID }));

    expect(cache.lookup('ada/signal-and-noise').state).toBe('unknown');
  });

  it("answers FEED_NOT_FOUND to an owner asking for another owner's podcast, and stores nothing", async () => {
    catalog.source = { podcast: aPodcast({ ownerId: 'someone-else' }), episodes: [] };

    await expect(
      inTransaction((em) => regenerateFeed.execute(em, { podcastId: PODCAST_ID, ownerId: OWNER_ID })),
    ).rejects.toMatchObject({
      code: 'FEED_NOT_FOUND',
    });
    expect(await repository().findSummary(PODCAST_ID)).toBeNull();
    expect(await orm.em.fork().count(OutboxMessage, {})).toBe(0);
  });

  it('answers FEED_NOT_FOUND to an owner asking for a podcast the catalog does not know', async () => {
    await expect(
      inTransaction((em) => regenerateFeed.execute(em, { podcastId: PODCAST_ID, ownerId: OWNER_ID })),
    ).rejects.toMatchObject({
      code: 'FEED_NOT_FOUND',
    });
  });

  it('finishes a catalog event quietly when the podcast was deleted since', async () => {
    await expect(
      inTransaction((em) => regenerateAfterCatalogChange(regenerateFeed, em, PODCAST_ID)),
    ).resolves.toBeUndefined();
    expect(await repository().findSummary(PODCAST_ID)).toBeNull();
  });
});
