export * from './message-bus.js';
export { InProcessBus, type InProcessBusOptions } from './in-process/in-process-bus.js';
export { NatsBus, type NatsBusOptions } from './nats/nats-bus.js';
export { DEFAULT_BUS_NAMESPACE, NatsNaming } from './nats/nats-naming.js';
export { OutboxMessage } from './outbox/outbox-message.entity.js';
export { ProcessedEvent } from './outbox/processed-event.entity.js';
export { CreateMessagingTables } from './outbox/create-messaging-tables.migration.js';
export { Outbox, InvalidEventPayloadError } from './outbox/outbox.js';
export { OutboxRelay, type OutboxRelayOptions } from './outbox/outbox-relay.js';
export { IdempotentConsumer } from './outbox/idempotent-consumer.js';
export { newEventId } from './outbox/event-id.js';
export { eraseOutboxMentions } from './outbox/erase-outbox-mentions.js';
export { reportUserErasure } from './outbox/report-user-erasure.js';
export {
  MessagingModule,
  type MessagingRootOptions,
  type MessagingServiceOptions,
} from './nest/messaging.module.js';
export type {
  EventContext,
  EventHandler,
  EventHandlerClass,
  EventHandlerContext,
  RequestHandler,
  RequestHandlerClass,
} from './nest/message-handlers.js';
export { MESSAGING_ENTITIES, MESSAGING_MIGRATION } from './outbox/messaging-schema.js';
export { MessagingMetrics } from './nest/messaging-metrics.js';
export { outboxOnlyErasureHandler } from './nest/outbox-only-erasure.handler.js';
export { BatchedEvents, type BatchedEventsKind, type BatchedEventsOptions } from './batched-events.js';
