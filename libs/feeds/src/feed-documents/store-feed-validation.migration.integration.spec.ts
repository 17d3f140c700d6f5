import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { migrateServiceDatabase, openServiceDatabase } from '@castbase/platform-persistence';
import { createTestDatabase, type TestDatabase } from '@castbase/platform-testing';
import { feedsDatabase } from '../feeds-database.js';

describe('feeds migration feeds-0007-store-feed-validation, on feeds generated before it', () => {
  let database: TestDatabase;
  let orm: MikroORM;
  const rows = (sql: string, parameters: unknown[] = []) =>
    orm.em.getConnection().execute<Array<Record<string, unknown>>>(sql, parameters);

  beforeAll(async () => {
    database = await createTestDatabase('cbtest_feeds_validation_migration');
    orm = await openServiceDatabase(feedsDatabase, { url: database.url, poolMax: 2 });
    // The template database is migrated to the end: start again from the schema before this migration.
    await rows('drop schema feeds cascade');
    await rows('create schema feeds');
    await orm.migrator.up({ to: 'feeds-0006-feed-test-results-follow-podcast' });
  });

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  it('adds the report column and counts one more change for every generated podcast, so each is generated again on start', async () => {
    const generated = randomUUID();
    const neverGenerated = randomUUID();
    await rows(
      `insert into feeds.feed_podcasts (podcast_id, owner_id, changes_heard, changes_generated, changed_at, generated_at)
       values (?, 'owner-1', 3, 3, now(), now()), (?, 'owner-2', 1, 0, now(), null)`,
      [generated, neverGenerated],
    );

    await migrateServiceDatabase(orm, 'feeds');

    const found = await rows(
      'select podcast_id, changes_heard, changes_generated, validation from feeds.feed_podcasts order by owner_id',
    );
    expect(found).toEqual([
      { podcast_id: generated, changes_heard: 4, changes_generated: 3, validation: null },
      { podcast_id: neverGenerated, changes_heard: 1, changes_generated: 0, validation: null },
    ]);
    const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false, dropTables: false, schema: 'feeds' });
    expect(diff).not.toMatch(/feed_podcasts/);
  });
});
