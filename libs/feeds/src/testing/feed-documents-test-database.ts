import { createTestDatabase, type TestDatabase } from '@castbase/platform-testing';
import {
  migrateServiceDatabase,
  openServiceDatabase,
  type ServiceDatabaseDefinition,
} from '@castbase/platform-persistence';
import type { MikroORM } from '@mikro-orm/postgresql';
import { MESSAGING_MIGRATION } from '@castbase/platform-messaging';
import { FeedDocumentEntity } from '../feed-documents/feed-document.entity.js';
import { feedsDatabase } from '../feeds-database.js';

/** Only the feed_documents table, for tests of the pieces that sit directly on it. */
export const feedDocumentsOnlyDatabase: ServiceDatabaseDefinition = {
  service: 'feeds',
  entities: [FeedDocumentEntity],
  migrations: feedsDatabase.migrations.filter((migration) => migration !== MESSAGING_MIGRATION),
};

/** A fresh database (cloned from the test template) with the `feeds` schema migrated. */
export async function openFeedsTestDatabase(
  definition: ServiceDatabaseDefinition = feedDocumentsOnlyDatabase,
): Promise<{ database: TestDatabase; orm: MikroORM; close(): Promise<void> }> {
  const database = await createTestDatabase('feeds');
  const orm = await openServiceDatabase(definition, { url: database.url, poolMax: 4 });
  await migrateServiceDatabase(orm, definition.service);
  return {
    database,
    orm,
    close: async () => {
      await orm.close();
      await database.drop();
    },
  };
}
