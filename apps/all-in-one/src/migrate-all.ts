import {
  migrateServiceDatabase,
  openServiceDatabase,
  type DatabaseConnection,
} from '@castbase/platform-persistence';
import { serviceDatabases } from './service-databases.js';

/** Applies every service's pending migrations, one schema at a time. Returns what was applied per service. */
export async function migrateAllServices(connection: DatabaseConnection): Promise<Record<string, string[]>> {
  const applied: Record<string, string[]> = {};
  for (const definition of serviceDatabases) {
    const orm = await openServiceDatabase(definition, connection);
    try {
      applied[definition.service] = await migrateServiceDatabase(orm, definition.service);
    } finally {
      await orm.close();
    }
  }
  return applied;
}
