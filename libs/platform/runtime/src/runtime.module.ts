import { Global, Module, type DynamicModule, type OnModuleInit } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { PUBLIC_HOT_PATHS } from '@castbase/contracts';
import { APP_CONFIG, type AppConfig } from '@castbase/platform-config';
import { MessageBus, MessagingModule } from '@castbase/platform-messaging';
import { ObservabilityModule, ReadinessChecks } from '@castbase/platform-observability';
import { PersistenceModule } from '@castbase/platform-persistence';
import { FILESYSTEM_STORAGE_ROUTE, StorageModule } from '@castbase/platform-storage';
import { FastHttpRoutes } from './fast-http-routes.js';
import { HttpErrorFilter } from './http-error.filter.js';
import { storageOptions } from './runtime-pieces.js';
import { StorageDeliveryLog } from './storage-delivery-log.js';

export interface RuntimeModuleOptions {
  service: string;
  config: AppConfig;
  /** Absent for a process that owns no schema (the gateway on its own). */
  databaseUrl: string | undefined;
  migrateOnStart: boolean;
  bus: MessageBus;
}

/** The process is ready only while its bus carries messages. */
class BusReadiness implements OnModuleInit {
  constructor(
    private readonly checks: ReadinessChecks,
    private readonly bus: MessageBus,
  ) {}

  onModuleInit(): void {
    this.checks.register({ name: 'bus', check: () => this.bus.checkHealth() });
  }
}

/**
 * The process-wide pieces every service module relies on: config, logs/metrics/health, database, bus, storage, and
 * the fast routes answered before Express.
 */
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
          unloggedPaths: [...PUBLIC_HOT_PATHS, FILESYSTEM_STORAGE_ROUTE],
        }),
        ...(options.databaseUrl
          ? [
              PersistenceModule.forRoot({
                url: options.databaseUrl,
                poolMax: config.DATABASE_POOL_MAX,
                migrateOnStart: options.migrateOnStart,
              }),
            ]
          : []),
        MessagingModule.forRoot({ bus: options.bus, closeOnShutdown: false }),
        // Filesystem storage reports what it sends of media URLs carrying a delivery reference (`storage.object.delivered`).
        StorageModule.forRoot({ ...storageOptions(config), deliveryReporter: StorageDeliveryLog }),
      ],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: APP_FILTER, useClass: HttpErrorFilter },
        FastHttpRoutes,
        {
          provide: BusReadiness,
          inject: [ReadinessChecks, MessageBus],
          useFactory: (checks: ReadinessChecks, bus: MessageBus) => new BusReadiness(checks, bus),
        },
      ],
      exports: [APP_CONFIG, FastHttpRoutes],
    };
  }
}
