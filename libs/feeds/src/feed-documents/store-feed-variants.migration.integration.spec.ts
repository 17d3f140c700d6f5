import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { migrateServiceDatabase, openServiceDatabase } from '@castbase/platform-persistence';
import { createTestDatabase, type TestDatabase } from '@castbase/platform-testing';
import { feedsDatabase } from '../feeds-database.js';

describe('feeds migration feeds-0005-store-feed-variants, on feeds stored before it', () => {
  let database: TestDatabase;
  let orm: MikroORM;
  const rows = (sql: string, parameters: unknown[] = []) =>
    orm.em.getConnection().execute<Array<Record<string, unknown>>>(sql, parameters);

  beforeAll(async () => {
    database = await createTestDatabase('cbtest_feeds_variants_migration');
    orm = await openServiceDatabase(feedsDatabase, { url: database.url, poolMax: 2 });
    // The template database is migrated to the end: start again from the schema before this migration.
    await rows('drop schema feeds cascade');
    await rows('create schema feeds');
    await orm.migrator.up({ to: 'feeds-0004-create-feed-test-results' });
  });

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  it('carries every stored feed over as heard of and not generated, so the service generates its variants on start', async () => {
    const podcastId = randomUUID();
    const generatedAt = '2026-11-20T10:00:00.000Z';
    await rows(
      `insert into feeds.feed_documents
         (podcast_id, owner_id, username, slug, visibility, xml, etag, byte_size, episode_count, generated_at)
       values (?, 'owner-1', 'ada', 'signal', 'private', '<rss/>', '"tag"', 6, 0, ?)`,
      [podcastId, generatedAt],
    );

    await migrateServiceDatabase(orm, 'feeds');

    const [podcast] = await rows(
      'select owner_id, username, slug, visibility, changes_heard, changes_generated, changed_at, generated_at from feeds.feed_podcasts',
    );
    expect({ ...podcast, changed_at: new Date(String(podcast?.['changed_at'])).toISOString() }).toEqual({
      owner_id: 'owner-1',
      username: 'ada',
      slug: 'signal',
      visibility: 'private',
      changes_heard: 1,
      changes_generated: 0,
      changed_at: generatedAt,
      generated_at: null,
    });
    expect(await rows("select to_regclass('feeds.feed_documents') as old_table")).toEqual([
      { old_table: null },
    ]);
    const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false, dropTables: false, schema: 'feeds' });
    // The tables as the entities describe them (other tables of the schema belong to other features).
    expect(diff).not.toMatch(/feed_podcasts|feed_variants|feed_redirects/);
  });
});
