import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { waitFor } from '@castbase/platform-testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { aFeedDocument, PODCAST_ID } from '../testing/feed-fixtures.js';
import { openFeedsTestDatabase } from '../testing/feed-documents-test-database.js';
import type { FeedDocument } from './feed-document.js';
import { FeedDocumentEntity } from './feed-document.entity.js';
import { MikroOrmFeedDocumentRepository } from './mikro-orm-feed-document.repository.js';

describe('MikroOrmFeedDocumentRepository on PostgreSQL', () => {
  let testDatabase: Awaited<ReturnType<typeof openFeedsTestDatabase>>;
  let orm: MikroORM;
  let repository: MikroOrmFeedDocumentRepository;

  beforeAll(async () => {
    testDatabase = await openFeedsTestDatabase();
    orm = testDatabase.orm;
    repository = new MikroOrmFeedDocumentRepository(orm.em);
  });

  afterAll(async () => {
    await testDatabase?.close();
  });

  beforeEach(async () => {
    await orm.em.fork().nativeDelete(FeedDocumentEntity, {});
  });

  const save = (document: FeedDocument) => orm.em.fork().transactional((em) => repository.save(em, document));

  it('has a migration that creates exactly the table the entity describes', async () => {
    const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false, dropTables: false, schema: 'feeds' });
    expect(diff.trim()).toBe('');
  });

  it('finds a saved feed by username and slug, with every field as saved', async () => {
    const document = aFeedDocument();
    await save(document);

    expect(await repository.findByAddress({ username: 'ada', slugOrPodcastId: 'signal-and-noise' })).toEqual(
      document,
    );
  });

  it('finds a saved feed by username and podcast id, in either case', async () => {
    await save(aFeedDocument());

    expect(
      (await repository.findByAddress({ username: 'ada', slugOrPodcastId: PODCAST_ID }))?.podcastId,
    ).toBe(PODCAST_ID);
    expect(
      (await repository.findByAddress({ username: 'ada', slugOrPodcastId: PODCAST_ID.toUpperCase() }))
        ?.podcastId,
    ).toBe(PODCAST_ID);
  });

  it('does not find a feed under another username', async () => {
    await save(aFeedDocument());

    expect(
      await repository.findByAddress({ username: 'grace', slugOrPodcastId: 'signal-and-noise' }),
    ).toBeNull();
    expect(await repository.findByAddress({ username: 'grace', slugOrPodcastId: PODCAST_ID })).toBeNull();
  });

  it('finds the feed of an owner without a username under "podcast" by podcast id, never by a slug others may share', async () => {
    await save(aFeedDocument({ username: null }));

    expect(
      (await repository.findByAddress({ username: 'podcast', slugOrPodcastId: PODCAST_ID }))?.username,
    ).toBeNull();
    expect(
      await repository.findByAddress({ username: 'podcast', slugOrPodcastId: 'signal-and-noise' }),
    ).toBeNull();
  });

  it("replaces a podcast's feed when it is saved again", async () => {
    await save(aFeedDocument());
    const regenerated = aFeedDocument({
      xml: '<rss version="2.0"><channel><title>v2</title></channel></rss>',
      episodeCount: 3,
      slug: 'renamed',
    });
    await save(regenerated);

    expect(await repository.findByAddress({ username: 'ada', slugOrPodcastId: 'renamed' })).toEqual(
      regenerated,
    );
    expect(
      await repository.findByAddress({ username: 'ada', slugOrPodcastId: 'signal-and-noise' }),
    ).toBeNull();
    expect(await repository.findEtag(PODCAST_ID)).toBe(regenerated.etag);
  });

  it('reads a summary without the XML, and nothing for a podcast without a feed', async () => {
    const document = aFeedDocument();
    await save(document);

    const { xml: _xml, ...summary } = document;
    expect(await repository.findSummary(PODCAST_ID)).toEqual(summary);
    expect(await repository.findSummary('00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await repository.findEtag('00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it("makes a second regeneration of the same podcast wait until the first one's transaction ends", async () => {
    let releaseFirst!: () => void;
    const firstMayFinish = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstHoldsLock!: () => void;
    const firstLocked = new Promise<void>((resolve) => (firstHoldsLock = resolve));
    const order: string[] = [];

    const first = orm.em.fork().transactional(async (em) => {
      await repository.lockForRegeneration(em, PODCAST_ID);
      firstHoldsLock();
      await firstMayFinish;
      order.push('first done');
    });
    await firstLocked;
    const second = orm.em.fork().transactional(async (em) => {
      await repository.lockForRegeneration(em, PODCAST_ID);
      order.push('second locked');
    });

    await waitFor('the second regeneration to wait for the lock', async () => {
      const rows = await orm.em
        .fork()
        .execute<{ waiting: string }[]>(
          "select count(*) as waiting from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())",
        );
      return Number(rows[0]?.waiting) > 0;
    });
    expect(order).toEqual([]);
    releaseFirst();
    await Promise.all([first, second]);

    expect(order).toEqual(['first done', 'second locked']);
  });
});
