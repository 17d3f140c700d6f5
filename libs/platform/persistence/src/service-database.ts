import type { Constructor, EntityClass, LoggerNamespace } from '@mikro-orm/core';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { Migrator, type Migration } from '@mikro-orm/migrations';
import { MikroORM } from '@mikro-orm/postgresql';

/** What a service declares about its database: its schema (the service name), entities and ordered migrations. */
export interface ServiceDatabaseDefinition {
  service: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- entity classes of any shape
  entities: EntityClass<any>[];
  migrations: Array<{ name: string; class: Constructor<Migration> }>;
}

export interface DatabaseConnection {
  url: string;
  poolMax: number;
  debug?: LoggerNamespace[];
}

const MIGRATIONS_TABLE = 'mikro_orm_migrations';

/** One MikroORM per service, confined to the service's own schema. */
export async function openServiceDatabase(
  definition: ServiceDatabaseDefinition,
  connection: DatabaseConnection,
): Promise<MikroORM> {
  return MikroORM.init({
    clientUrl: connection.url,
    schema: definition.service,
    entities: definition.entities,
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator],
    discovery: { warnWhenNoEntities: false },
    pool: { min: 0, max: connection.poolMax },
    debug: connection.debug ?? false,
    allowGlobalContext: false,
    migrations: {
      schema: definition.service,
      tableName: MIGRATIONS_TABLE,
      migrationsList: definition.migrations,
      snapshot: false,
      silent: true,
      transactional: true,
      allOrNothing: true,
    },
  });
}

/** Creates the service's schema if needed and applies its pending migrations. Returns the names applied. */
export async function migrateServiceDatabase(orm: MikroORM, service: string): Promise<string[]> {
  await orm.em.getConnection().execute(`create schema if not exists "${service}"`);
  const applied = await orm.migrator.up();
  return applied.map((migration) => migration.name);
}
