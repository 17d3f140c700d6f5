import { MikroORM, EntityManager } from '@mikro-orm/postgresql';
import { Logger, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { ReadinessChecks } from '@castbase/platform-observability';
import {
  migrateServiceDatabase,
  openServiceDatabase,
  type DatabaseConnection,
  type ServiceDatabaseDefinition,
} from './service-database.js';

export const DATABASE_CONNECTION = Symbol('DATABASE_CONNECTION');

export interface PersistenceRootOptions extends DatabaseConnection {
  migrateOnStart: boolean;
}

class OrmCloser implements OnApplicationShutdown {
  constructor(private readonly orm: MikroORM) {}
  async onApplicationShutdown(): Promise<void> {
    await this.orm.close();
  }
}

/** Marker provider: its factory registers the service's database with the readiness checks. */
class DatabaseReadiness {}

/**
 * `forRoot` once per process (where the database is); `forService` inside each service module, which then
 * injects its own `MikroORM` and `EntityManager` — several services in one process each get their own.
 */
@Module({})
export class PersistenceModule {
  static forRoot(options: PersistenceRootOptions): DynamicModule {
    return {
      module: PersistenceModule,
      global: true,
      providers: [{ provide: DATABASE_CONNECTION, useValue: options }],
      exports: [DATABASE_CONNECTION],
    };
  }

  static forService(definition: ServiceDatabaseDefinition): DynamicModule {
    const logger = new Logger(`${definition.service}:database`);
    return {
      module: class ServicePersistenceModule {},
      providers: [
        {
          provide: MikroORM,
          inject: [DATABASE_CONNECTION],
          useFactory: async (options: PersistenceRootOptions) => {
            const orm = await openServiceDatabase(definition, options);
            if (options.migrateOnStart) {
              const applied = await migrateServiceDatabase(orm, definition.service);
              if (applied.length > 0) logger.log(`applied migrations: ${applied.join(', ')}`);
            }
            return orm;
          },
        },
        { provide: EntityManager, inject: [MikroORM], useFactory: (orm: MikroORM) => orm.em },
        { provide: OrmCloser, inject: [MikroORM], useFactory: (orm: MikroORM) => new OrmCloser(orm) },
        {
          provide: DatabaseReadiness,
          inject: [MikroORM, { token: ReadinessChecks, optional: true }],
          useFactory: (orm: MikroORM, checks?: ReadinessChecks) => {
            let migrated = false;
            checks?.register({
              name: `${definition.service}-database`,
              check: async () => {
                await orm.em.getConnection().execute('select 1');
                if (migrated) return;
                const pending = await orm.migrator.getPending();
                if (pending.length > 0)
                  throw new Error(`migrations not applied: ${pending.map((m) => m.name).join(', ')}`);
                migrated = true;
              },
            });
            return new DatabaseReadiness();
          },
        },
      ],
      exports: [MikroORM, EntityManager],
    };
  }
}
