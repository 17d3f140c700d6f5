import type {
  EventDefinition,
  EventEnvelope,
  MessageHeaders,
  ParsedRequestOf,
  PayloadOf,
  ReplyOf,
  RequestDefinition,
  RequestOf,
} from '@castbase/contracts';

export interface RequestOptions {
  /** How long to wait for the reply; default {@link DEFAULT_REQUEST_TIMEOUT_MS}. */
  timeoutMs?: number;
  headers?: MessageHeaders;
}

export interface RespondOptions {
  /** Responders sharing a queue share the requests: each request goes to one of them. */
  queue: string;
}

export interface RequestContext {
  headers: MessageHeaders;
}

export type RequestHandlerFn<D extends RequestDefinition> = (
  payload: ParsedRequestOf<D>,
  context: RequestContext,
) => ReplyOf<D> | Promise<ReplyOf<D>>;

export interface PublishOptions {
  headers?: MessageHeaders;
}

/** The event definitions a `consume` call listens to, and the envelope type its handler then receives. */
export type EnvelopeOf<D extends EventDefinition> = D extends EventDefinition
  ? EventEnvelope<PayloadOf<D>>
  : never;

export interface DeliveryContext<D extends EventDefinition = EventDefinition> {
  headers: MessageHeaders;
  definition: D;
  /** 1 for the first delivery, 2 for the first redelivery, ... */
  deliveryAttempt: number;
}

export type EventHandlerFn<D extends EventDefinition> = (
  envelope: EnvelopeOf<D>,
  context: DeliveryContext<D>,
) => void | Promise<void>;

export interface ConsumeOptions {
  /** Deliveries of one event before the bus gives up on it (logged, `onExhausted` called). Default 20. */
  maxDeliver?: number;
  /** Delay before the first redelivery after the handler threw; doubles each attempt up to 60 s. Default 1000. */
  redeliveryDelayMs?: number;
  /** How long a delivery may stay unacknowledged before the server hands it to another replica. Default 30 s. */
  ackWaitMs?: number;
  /** Called once when an event is given up on (delivered `maxDeliver` times, or its payload is invalid). */
  onExhausted?: (envelope: EventEnvelope<unknown>, error: unknown) => void;
}

/** A running responder or consumer; `stop()` stops taking new messages and waits for those in hand. */
export interface BusSubscription {
  stop(): Promise<void>;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_DELIVER = 20;
export const DEFAULT_REDELIVERY_DELAY_MS = 1_000;
export const DEFAULT_ACK_WAIT_MS = 30_000;
export const MAX_REDELIVERY_DELAY_MS = 60_000;
/** Window in which a second publish of an envelope with the same id is dropped (JetStream's default). */
export const DUPLICATE_WINDOW_MS = 120_000;

/**
 * The message bus port: request/reply for commands and queries, durable at-least-once events.
 * `InProcessBus` (embedded runtime) and `NatsBus` (distributed runtime) implement the same semantics,
 * proven by one contract suite. Abstract class so it can be a Nest injection token.
 */
export abstract class MessageBus {
  /**
   * Sends a request and waits for its reply. The payload is validated with `definition.request` before
   * sending (VALIDATION_FAILED), the reply with `definition.reply`. A `DomainError` thrown by the remote
   * handler is re-thrown here with the same code, message and details. No responder: SERVICE_UNAVAILABLE;
   * no reply in time: BUS_TIMEOUT.
   */
  abstract request<D extends RequestDefinition>(
    definition: D,
    payload: RequestOf<D>,
    options?: RequestOptions,
  ): Promise<ReplyOf<D>>;

  /** Answers requests on `definition.subject`; see {@link RequestHandlerFn} and the error mapping in the ADR. */
  abstract respond<D extends RequestDefinition>(
    definition: D,
    handler: RequestHandlerFn<D>,
    options: RespondOptions,
  ): Promise<BusSubscription>;

  /** Appends an event to the durable log of its subject. Envelopes with an id seen in the duplicate window are dropped. */
  abstract publish(envelope: EventEnvelope<unknown>, options?: PublishOptions): Promise<void>;

  /**
   * Starts (or joins) the durable consumer `consumerName` on each definition's subject. Every event is
   * delivered at least once to one of the replicas that called `consume` with the same name; the handler
   * resolving acknowledges it, throwing redelivers it later. A consumer created after events were published
   * still receives them.
   */
  abstract consume<D extends EventDefinition>(
    consumerName: string,
    definitions: readonly D[],
    handler: EventHandlerFn<D>,
    options?: ConsumeOptions,
  ): Promise<BusSubscription>;

  /** Resolves when the bus can carry messages now (readiness); rejects with the reason otherwise. */
  abstract checkHealth(): Promise<void>;

  /** Stops every responder and consumer and releases the transport. */
  abstract close(): Promise<void>;
}

export function redeliveryDelay(baseMs: number, deliveryAttempt: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, deliveryAttempt - 1), Math.max(baseMs, MAX_REDELIVERY_DELAY_MS));
}
