import 'reflect-metadata';
import type { Constructor, EntityClass } from '@mikro-orm/core';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { Migrator, type Migration } from '@mikro-orm/migrations';
import { MikroORM } from '@mikro-orm/postgresql';
import { MESSAGING_ENTITIES, MESSAGING_MIGRATION } from '../outbox/messaging-schema.js';

/**
 * A service-shaped MikroORM for tests: its own schema, the messaging entities plus the test's, and migrations
 * applied the way a service applies them (`CreateMessagingTables` in its list, `migrations.schema` set).
 */
export async function openServiceOrm(
  url: string,
  schema: string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- entity classes of any shape
  entities: EntityClass<any>[] = [],
  migrations: Array<{ name: string; class: Constructor<Migration> }> = [],
): Promise<MikroORM> {
  const orm = await MikroORM.init({
    clientUrl: url,
    schema,
    entities: [...MESSAGING_ENTITIES, ...entities],
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator],
    allowGlobalContext: false,
    pool: { min: 0, max: 6 },
    migrations: {
      schema,
      migrationsList: [MESSAGING_MIGRATION, ...migrations],
      snapshot: false,
      silent: true,
    },
  });
  await orm.migrator.up();
  return orm;
}
