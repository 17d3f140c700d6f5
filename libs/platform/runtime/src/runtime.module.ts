import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@castbase/platform-config';
import { MessageBus, MessagingModule } from '@castbase/platform-messaging';
import { ObservabilityModule } from '@castbase/platform-observability';
import { PersistenceModule } from '@castbase/platform-persistence';
import { ObjectStorage, StorageModule } from '@castbase/platform-storage';

export interface RuntimeModuleOptions {
  service: string;
  config: AppConfig;
  databaseUrl: string;
  migrateOnStart: boolean;
  bus: MessageBus;
  storage: ObjectStorage;
}

/** The process-wide pieces every service module relies on: config, logs/metrics/health, database, bus, storage. */
@Global()
@Module({})
export class RuntimeModule {
  static forRoot(options: RuntimeModuleOptions): DynamicModule {
    const { config } = options;
    return {
      module: RuntimeModule,
      imports: [
        ObservabilityModule.forRoot({
          service: options.service,
          level: config.LOG_LEVEL,
          production: config.NODE_ENV === 'production',
          metrics: config.METRICS_ENABLED,
        }),
        PersistenceModule.forRoot({ url: options.databaseUrl, poolMax: config.DATABASE_POOL_MAX, migrateOnStart: options.migrateOnStart }),
        MessagingModule.forRoot({
          bus: options.bus,
          relay: { intervalMs: config.OUTBOX_RELAY_INTERVAL_MS, hold: config.OUTBOX_RELAY_HOLD },
        }),
        StorageModule.forRoot({ storage: options.storage }),
      ],
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
    };
  }
}
