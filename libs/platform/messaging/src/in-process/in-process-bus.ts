import { AsyncResource } from 'node:async_hooks';
import {
  DomainError,
  type EventDefinition,
  type EventEnvelope,
  type ReplyEnvelope,
  type RequestDefinition,
} from '@castbase/contracts';
import type { Logger } from 'pino';
import {
  DEFAULT_REQUEST_TIMEOUT_MS,
  DUPLICATE_WINDOW_MS,
  MessageBus,
  type BusSubscription,
  type ConsumeOptions,
  type EventHandlerFn,
  type PublishOptions,
  type RequestHandlerFn,
  type RequestOptions,
  type RespondOptions,
} from '../message-bus.js';
import { EventSubjects } from '../event-subjects.js';
import { outgoingHeaders, withIncomingContext } from '../trace-context.js';
import { answer, checkEnvelope, decode, encode, parseRequest, readReply } from '../wire.js';
import { InProcessConsumerGroup, SubjectLog } from './in-process-consumer-group.js';
import { defaultLogger } from '../default-logger.js';

export interface InProcessBusOptions {
  /** Every event subject that may be published or consumed (the NATS stream's subject list). */
  events: readonly EventDefinition[];
  /** How long a request waits for its reply unless the call says otherwise (`BUS_REQUEST_TIMEOUT_MS`). */
  requestTimeoutMs?: number;
  /** Events kept per subject for consumers created later; the oldest are dropped past it. Default 10 000. */
  maxRetainedPerSubject?: number;
  /**
   * Payload bytes kept per subject, the oldest dropped past it. Default 16 MiB: a subject nothing consumes yet (the
   * feed-request log before the Analytics issue) must not grow the process by its message count alone.
   */
  maxRetainedBytesPerSubject?: number;
  logger?: Logger;
}

interface Responder {
  run(raw: Uint8Array, headers: Uint8Array): Promise<ReplyEnvelope>;
}

interface QueueGroup {
  members: Responder[];
  next: number;
}

/**
 * The message bus of the embedded single-process runtime, with the semantics of the NATS one: JSON on the
 * wire, queue groups, request timeouts, a retained log per event subject, durable consumers with cursors,
 * redelivery after a delay when a handler throws, de-duplication of envelope ids.
 */
export class InProcessBus extends MessageBus {
  private readonly logger: Logger;
  private readonly subjects: EventSubjects;
  private readonly maxRetained: number;
  private readonly maxRetainedBytes: number;
  private readonly responders = new Map<string, Map<string, QueueGroup>>();
  private readonly logs = new Map<string, SubjectLog>();
  private readonly groups = new Map<string, { subject: string; consumer: InProcessConsumerGroup }>();
  private readonly seenIds = new Map<string, number>();
  private readonly subscriptions = new Set<BusSubscription>();
  private readonly pendingRequests = new Set<(error: DomainError) => void>();
  private closed = false;
  private readonly requestTimeoutMs: number;
  /** Handlers run in the async context the bus was created in, never the caller's, as they would in another process. */
  private readonly isolation = new AsyncResource('castbase.InProcessBus');
  private readonly isolate = <T>(work: () => T): T => this.isolation.runInAsyncScope(work);

  constructor(options: InProcessBusOptions) {
    super();
    this.logger = options.logger ?? defaultLogger('in-process-bus');
    this.subjects = new EventSubjects(options.events);
    this.maxRetained = options.maxRetainedPerSubject ?? 10_000;
    this.maxRetainedBytes = options.maxRetainedBytesPerSubject ?? 16 * 1024 * 1024;
    this.requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  }

  async checkHealth(): Promise<void> {
    this.assertOpen();
  }

  async request<D extends RequestDefinition>(definition: D, payload: unknown, options: RequestOptions = {}) {
    this.assertOpen();
    const data = encode(parseRequest(definition, payload));
    const headers = encode(outgoingHeaders(options.headers));
    const members = [...(this.responders.get(definition.subject)?.values() ?? [])]
      .map((group) => pick(group))
      .filter((member): member is Responder => member !== undefined);
    if (members.length === 0) throw new DomainError('SERVICE_UNAVAILABLE');

    const timeoutMs = options.timeoutMs ?? this.requestTimeoutMs;
    let timer: NodeJS.Timeout | undefined;
    let abort: ((error: DomainError) => void) | undefined;
    const interrupted = new Promise<never>((_, reject) => {
      abort = reject;
      timer = setTimeout(() => reject(new DomainError('BUS_TIMEOUT')), timeoutMs);
    });
    if (abort) this.pendingRequests.add(abort);
    try {
      // Every queue group gets the request (as on NATS); the first reply wins.
      const reply = await Promise.race([
        Promise.any(members.map((member) => this.isolate(() => member.run(data, headers)))),
        interrupted,
      ]);
      return readReply(definition, decode(encode(reply)), this.logger);
    } finally {
      clearTimeout(timer);
      if (abort) this.pendingRequests.delete(abort);
    }
  }

  async respond<D extends RequestDefinition>(
    definition: D,
    handler: RequestHandlerFn<D>,
    options: RespondOptions,
  ): Promise<BusSubscription> {
    this.assertOpen();
    const inFlight = new Set<Promise<ReplyEnvelope>>();
    const responder: Responder = {
      run: (raw, rawHeaders) => {
        const headers = decode(rawHeaders) as Record<string, string>;
        // Never inside the caller's stack: the handler starts on a later tick, as it would after a network hop.
        const reply = Promise.resolve().then(() =>
          withIncomingContext(
            headers,
            () => answer(definition, decode(raw), (parsed) => handler(parsed, { headers }), this.logger),
            definition.subject,
            'request',
          ),
        );
        inFlight.add(reply);
        void reply.finally(() => inFlight.delete(reply));
        return reply;
      },
    };
    let queues = this.responders.get(definition.subject);
    if (!queues) this.responders.set(definition.subject, (queues = new Map<string, QueueGroup>()));
    let group = queues.get(options.queue);
    if (!group) queues.set(options.queue, (group = { members: [], next: 0 }));
    group.members.push(responder);
    const members = group.members;
    const subscription: BusSubscription = {
      stop: async () => {
        this.subscriptions.delete(subscription);
        const index = members.indexOf(responder);
        if (index >= 0) members.splice(index, 1);
        await Promise.allSettled([...inFlight]);
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async publish(envelope: EventEnvelope<unknown>, options: PublishOptions = {}): Promise<void> {
    this.assertOpen();
    const checked = checkEnvelope(envelope);
    this.subjects.assertKnown(checked.subject);
    if (this.isDuplicate(checked.id)) return;
    const log = this.logFor(checked.subject);
    log.append(encode(checked), decode(encode(outgoingHeaders(options.headers))) as Record<string, string>);
    for (const group of this.groups.values()) {
      if (group.subject === checked.subject) queueMicrotask(() => group.consumer.dispatch());
    }
  }

  async consume<D extends EventDefinition>(
    consumerName: string,
    definitions: readonly D[],
    handler: EventHandlerFn<D>,
    options: ConsumeOptions = {},
  ): Promise<BusSubscription> {
    this.assertOpen();
    const leaves = definitions.map((definition) => {
      this.subjects.assertKnown(definition.subject);
      const key = `${consumerName}\u0000${definition.subject}`;
      let entry = this.groups.get(key);
      if (!entry) {
        entry = {
          subject: definition.subject,
          consumer: new InProcessConsumerGroup(
            consumerName,
            this.logFor(definition.subject),
            this.logger,
            this.isolate,
          ),
        };
        this.groups.set(key, entry);
      }
      return entry.consumer.join(definition, handler as unknown as EventHandlerFn<EventDefinition>, options);
    });
    const subscription: BusSubscription = {
      stop: async () => {
        this.subscriptions.delete(subscription);
        await Promise.all(leaves.map((leave) => leave()));
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const abort of this.pendingRequests)
      abort(new DomainError('SERVICE_UNAVAILABLE', 'The message bus is closed'));
    for (const { consumer } of this.groups.values()) consumer.close();
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
  }

  private logFor(subject: string): SubjectLog {
    let log = this.logs.get(subject);
    if (!log) this.logs.set(subject, (log = new SubjectLog(this.maxRetained, this.maxRetainedBytes)));
    return log;
  }

  private isDuplicate(id: string): boolean {
    const now = Date.now();
    for (const [seen, at] of this.seenIds) {
      if (now - at < DUPLICATE_WINDOW_MS) break;
      this.seenIds.delete(seen);
    }
    if (this.seenIds.has(id)) return true;
    this.seenIds.set(id, now);
    return false;
  }

  private assertOpen(): void {
    if (this.closed) throw new DomainError('SERVICE_UNAVAILABLE', 'The message bus is closed');
  }
}

function pick(group: QueueGroup): Responder | undefined {
  if (group.members.length === 0) return undefined;
  const member = group.members[group.next % group.members.length];
  group.next = (group.next + 1) % group.members.length;
  return member;
}
