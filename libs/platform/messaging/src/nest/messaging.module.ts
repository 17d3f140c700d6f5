import { Module, type DynamicModule, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { MetricsRegistry } from '@castbase/platform-observability';
import { MessageBus, type ConsumeOptions } from '../message-bus.js';
import { Outbox } from '../outbox/outbox.js';
import { OutboxRelay, type OutboxRelayOptions } from '../outbox/outbox-relay.js';
import { ImportingModule } from './importing-module.js';
import { MessagingMetrics } from './messaging-metrics.js';
import type { EventHandlerClass, RequestHandlerClass } from './message-handlers.js';
import { ServiceMessaging } from './service-messaging.js';
import { defaultLogger } from '../default-logger.js';

export interface MessagingRootOptions {
  /** The process's bus, or how to open it (an `InProcessBus` in the embedded runtime, `NatsBus.connect(...)` otherwise). */
  bus: MessageBus | (() => MessageBus | Promise<MessageBus>);
  /** Close the bus when the application shuts down (after every service has stopped using it). Default true. */
  closeOnShutdown?: boolean;
}

export interface MessagingServiceOptions {
  /** The service name: its request queue group, its durable consumer name, its schema's outbox. */
  service: string;
  requestHandlers?: readonly RequestHandlerClass[];
  eventHandlers?: readonly EventHandlerClass[];
  /** Delivery options of the service's consumer (maxDeliver, redeliveryDelayMs, ackWaitMs). */
  consume?: ConsumeOptions;
  relay?: Omit<OutboxRelayOptions, 'service' | 'logger'>;
  logger?: Logger;
}

class BusCloser implements OnApplicationShutdown {
  constructor(
    private readonly bus: MessageBus,
    private readonly enabled: boolean,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.enabled) await this.bus.close();
  }
}

const SERVICE_ENTITY_MANAGER = Symbol('SERVICE_ENTITY_MANAGER');
const IMPORTING_MODULE = Symbol('IMPORTING_MODULE');

/**
 * `forRoot` once per process: provides the `MessageBus` everywhere. `forService` inside each service module
 * (next to that service's persistence module): wires its request and event handlers to the bus, provides its
 * `Outbox` and `OutboxRelay`. Several services can live in one process, each with its own EntityManager.
 */
@Module({})
export class MessagingModule {
  static forRoot(options: MessagingRootOptions): DynamicModule {
    const { bus } = options;
    return {
      module: MessagingModule,
      global: true,
      providers: [
        { provide: MessageBus, useFactory: () => (typeof bus === 'function' ? bus() : bus) },
        {
          provide: BusCloser,
          inject: [MessageBus],
          useFactory: (opened: MessageBus) => new BusCloser(opened, options.closeOnShutdown ?? true),
        },
        {
          // Bus metrics go to the process's Prometheus registry when observability is loaded; none otherwise.
          provide: MessagingMetrics,
          inject: [{ token: MetricsRegistry, optional: true }],
          useFactory: (metrics?: MetricsRegistry) =>
            metrics ? new MessagingMetrics(metrics.registry) : undefined,
        },
      ],
      exports: [MessageBus, MessagingMetrics],
    };
  }

  static forService(options: MessagingServiceOptions): DynamicModule {
    const { service } = options;
    // Unique to this call: how the module finds itself, then the module that imports it, among all modules.
    const marker = Symbol(`messaging:${service}`);
    const logger = (options.logger ?? defaultLogger('messaging')).child({ service });
    const providers: Provider[] = [
      { provide: marker, useValue: service },
      {
        provide: IMPORTING_MODULE,
        inject: [ModulesContainer],
        useFactory: (container: ModulesContainer) => ImportingModule.find(container, marker, service),
      },
      {
        provide: SERVICE_ENTITY_MANAGER,
        inject: [IMPORTING_MODULE],
        useFactory: (importer: ImportingModule) => importer.entityManager(service),
      },
      { provide: Outbox, useValue: new Outbox() },
      {
        provide: OutboxRelay,
        inject: [SERVICE_ENTITY_MANAGER, MessageBus],
        useFactory: (em: EntityManager, bus: MessageBus) =>
          new OutboxRelay(em, bus, { ...options.relay, service, logger }),
      },
      {
        provide: ServiceMessaging,
        inject: [
          SERVICE_ENTITY_MANAGER,
          MessageBus,
          OutboxRelay,
          IMPORTING_MODULE,
          { token: MessagingMetrics, optional: true },
        ],
        useFactory: (
          em: EntityManager,
          bus: MessageBus,
          relay: OutboxRelay,
          importer: ImportingModule,
          metrics?: MessagingMetrics,
        ) =>
          new ServiceMessaging(
            {
              service,
              requestHandlers: options.requestHandlers ?? [],
              eventHandlers: options.eventHandlers ?? [],
              consume: options.consume ?? {},
            },
            bus,
            em,
            relay,
            importer,
            logger,
            metrics,
          ),
      },
    ];
    return {
      module: class ServiceMessagingModule {},
      providers,
      exports: [Outbox, OutboxRelay],
    };
  }
}
