import type { EventDefinition } from '@castbase/contracts';
import type { OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { BusSubscription, ConsumeOptions, MessageBus } from '../message-bus.js';
import { IdempotentConsumer } from '../outbox/idempotent-consumer.js';
import { OutboxMessage } from '../outbox/outbox-message.entity.js';
import type { OutboxRelay } from '../outbox/outbox-relay.js';
import type { ImportingModule } from './importing-module.js';
import type { MessagingMetrics } from './messaging-metrics.js';
import type {
  EventHandler,
  EventHandlerClass,
  RequestHandler,
  RequestHandlerClass,
} from './message-handlers.js';

export interface ServiceMessagingSetup {
  service: string;
  requestHandlers: readonly RequestHandlerClass[];
  eventHandlers: readonly EventHandlerClass[];
  consume: ConsumeOptions;
}

/**
 * One service's messaging in a running app. On bootstrap: answers its request handlers' subjects (queue = the
 * service, so replicas share requests), consumes its event handlers' subjects (durable consumer = the service,
 * each event through the idempotent consumer in the service's own database), starts its outbox relay. On
 * shutdown it stops all of that before the databases and the bus close.
 */
export class ServiceMessaging implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly subscriptions: BusSubscription[] = [];

  constructor(
    private readonly setup: ServiceMessagingSetup,
    private readonly bus: MessageBus,
    private readonly em: EntityManager,
    private readonly relay: OutboxRelay,
    private readonly importer: ImportingModule,
    private readonly logger: Logger,
    private readonly metrics?: MessagingMetrics,
  ) {}

  /** Runs a handler under the metrics when there are any. */
  private observed<T>(subject: string, kind: 'request' | 'event', work: () => Promise<T>): Promise<T> {
    return this.metrics ? this.metrics.observe(this.setup.service, subject, kind, work) : work();
  }

  async onApplicationBootstrap(): Promise<void> {
    const { service } = this.setup;
    const requestHandlers = await this.instances<RequestHandler>(this.setup.requestHandlers, 'request');
    for (const handler of requestHandlers.values()) {
      this.subscriptions.push(
        await this.bus.respond(
          handler.definition,
          (payload, context) =>
            this.observed(handler.definition.subject, 'request', () => handler.handle(payload, context)),
          {
            queue: service,
          },
        ),
      );
    }
    const eventHandlers = await this.instances<EventHandler>(this.setup.eventHandlers, 'event');
    if (eventHandlers.size > 0) {
      const idempotent = new IdempotentConsumer(this.em, service);
      const definitions: EventDefinition[] = [...eventHandlers.values()].map((handler) => handler.definition);
      this.subscriptions.push(
        await this.bus.consume(
          service,
          definitions,
          async (envelope, { headers, definition }) => {
            const handler = eventHandlers.get(definition.subject);
            if (!handler) throw new Error(`No handler for ${definition.subject} in ${service}`);
            await this.observed(definition.subject, 'event', () =>
              idempotent.handle(envelope, (em) =>
                handler.handle(envelope.payload, { em, envelope, headers }),
              ),
            );
          },
          this.setup.consume,
        ),
      );
    }
    this.relay.start();
    this.metrics?.trackOutbox(service, () => this.em.fork().count(OutboxMessage, { publishedAt: null }));
    this.logger.debug(
      {
        requests: [...requestHandlers.keys()],
        events: [...eventHandlers.keys()],
        relayHeld: this.relay.held,
      },
      'messaging started',
    );
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.subscriptions.splice(0).map((subscription) => subscription.stop()));
    await this.relay.stop();
  }

  private async instances<H extends RequestHandler | EventHandler>(
    classes: readonly (RequestHandlerClass | EventHandlerClass)[],
    kind: 'request' | 'event',
  ): Promise<Map<string, H>> {
    const bySubject = new Map<string, H>();
    for (const type of classes) {
      const handler = (await this.importer.instance(type)) as H;
      if (handler.definition?.kind !== kind) {
        throw new Error(
          `${type.name} is listed as a ${kind} handler of ${this.setup.service} but its definition is not a ${kind}`,
        );
      }
      const subject = handler.definition.subject;
      const existing = bySubject.get(subject);
      if (existing) {
        throw new Error(
          `${this.setup.service} has two ${kind} handlers for ${subject}: ${existing.constructor.name} and ${type.name}`,
        );
      }
      bySubject.set(subject, handler);
    }
    return bySubject;
  }
}
