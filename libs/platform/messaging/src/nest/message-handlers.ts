import type {
  EventDefinition,
  EventEnvelope,
  MessageHeaders,
  ParsedRequestOf,
  PayloadOf,
  ReplyOf,
  RequestDefinition,
} from '@castbase/contracts';
import type { Type } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RequestContext } from '../message-bus.js';

/**
 * Answers one request subject. A plain `@Injectable()` listed in `MessagingModule.forService({ requestHandlers })`;
 * throw a `DomainError` for an expected failure (its code reaches the caller), anything else becomes INTERNAL.
 */
export interface RequestHandler<D extends RequestDefinition = RequestDefinition> {
  readonly definition: D;
  handle(payload: ParsedRequestOf<D>, context: RequestContext): Promise<ReplyOf<D>>;
}

export interface EventHandlerContext<D extends EventDefinition = EventDefinition> {
  /** The transaction the handler's writes commit in, together with the processed-event marker. */
  em: EntityManager;
  envelope: EventEnvelope<PayloadOf<D>>;
  headers: MessageHeaders;
}

/** Short name for {@link EventHandlerContext}. */
export type EventContext<D extends EventDefinition = EventDefinition> = EventHandlerContext<D>;

/**
 * Reacts to one event subject, at least once and idempotently: the service's durable consumer delivers it, and
 * it runs in a transaction that records the event as processed (a duplicate is skipped). Throwing rolls the
 * transaction back and the event is redelivered later.
 */
export interface EventHandler<D extends EventDefinition = EventDefinition> {
  readonly definition: D;
  handle(payload: PayloadOf<D>, context: EventHandlerContext<D>): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any definition
export type RequestHandlerClass = Type<RequestHandler<any>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any definition
export type EventHandlerClass = Type<EventHandler<any>>;
