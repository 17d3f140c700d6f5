import type { EventDefinition, MessageHeaders } from '@castbase/contracts';
import type { Logger } from 'pino';
import {
  DEFAULT_MAX_DELIVER,
  DEFAULT_REDELIVERY_DELAY_MS,
  redeliveryDelay,
  type ConsumeOptions,
  type EventHandlerFn,
} from '../message-bus.js';
import { withIncomingContext } from '../trace-context.js';
import { decode, readDelivery } from '../wire.js';

/** One stored event of a subject's retained log. */
export interface LoggedMessage {
  seq: number;
  data: Uint8Array;
  headers: MessageHeaders;
}

/** A subject's retained log: what a consumer created later still reads from the start. */
export class SubjectLog {
  readonly entries: LoggedMessage[] = [];
  nextSeq = 1;
  private bytes = 0;

  /**
   * Keeps at most `maxRetained` messages and `maxRetainedBytes` of payload, dropping the oldest first (a JetStream
   * stream's max-msgs and max-bytes limits, discard old); the newest message is always kept.
   */
  constructor(
    private readonly maxRetained: number,
    private readonly maxRetainedBytes: number = Number.POSITIVE_INFINITY,
  ) {}

  append(data: Uint8Array, headers: MessageHeaders): LoggedMessage {
    const message = { seq: this.nextSeq++, data, headers };
    this.entries.push(message);
    this.bytes += data.byteLength;
    let drop = 0;
    while (
      this.entries.length - drop > 1 &&
      (this.entries.length - drop > this.maxRetained || this.bytes > this.maxRetainedBytes)
    ) {
      this.bytes -= this.entries[drop]!.data.byteLength;
      drop++;
    }
    if (drop > 0) this.entries.splice(0, drop);
    return message;
  }

  /** The first retained message with seq ≥ `seq`. */
  from(seq: number): LoggedMessage | undefined {
    const first = this.entries[0];
    if (!first) return undefined;
    return this.entries[Math.max(0, seq - first.seq)];
  }
}

interface Member {
  definition: EventDefinition;
  handler: EventHandlerFn<EventDefinition>;
  options: ConsumeOptions;
  busy: boolean;
  stopped: boolean;
  inFlight: Promise<void> | undefined;
}

interface Delivery {
  message: LoggedMessage;
  attempt: number;
}

/**
 * The in-memory twin of a JetStream durable consumer on one subject: a cursor into the subject's log,
 * redeliveries waiting for their delay, and the subscribers (replicas) that share its messages — each message
 * goes to one idle member, round robin, one at a time per member (as a NATS pull loop does).
 */
export class InProcessConsumerGroup {
  private cursor = 1;
  private readonly ready: Delivery[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly members: Member[] = [];
  private nextMember = 0;
  private closed = false;

  constructor(
    readonly name: string,
    private readonly log: SubjectLog,
    private readonly logger: Logger,
    private readonly isolate: <T>(work: () => T) => T,
  ) {}

  join(
    definition: EventDefinition,
    handler: EventHandlerFn<EventDefinition>,
    options: ConsumeOptions,
  ): () => Promise<void> {
    const member: Member = { definition, handler, options, busy: false, stopped: false, inFlight: undefined };
    this.members.push(member);
    queueMicrotask(() => this.dispatch());
    return async () => {
      member.stopped = true;
      const index = this.members.indexOf(member);
      if (index >= 0) this.members.splice(index, 1);
      await member.inFlight;
    };
  }

  /** Hands waiting messages to idle members until one of the two runs out. */
  dispatch(): void {
    while (!this.closed) {
      const member = this.idleMember();
      if (!member) return;
      const delivery = this.nextDelivery();
      if (!delivery) return;
      member.busy = true;
      member.inFlight = this.isolate(() => this.deliver(member, delivery)).finally(() => {
        member.busy = false;
        member.inFlight = undefined;
        this.dispatch();
      });
    }
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private idleMember(): Member | undefined {
    for (let i = 0; i < this.members.length; i++) {
      const index = (this.nextMember + i) % this.members.length;
      const member = this.members[index];
      if (member && !member.busy && !member.stopped) {
        this.nextMember = index + 1;
        return member;
      }
    }
    return undefined;
  }

  private nextDelivery(): Delivery | undefined {
    const redelivery = this.ready.shift();
    if (redelivery) return redelivery;
    const message = this.log.from(this.cursor);
    if (!message) return undefined;
    this.cursor = message.seq + 1;
    return { message, attempt: 1 };
  }

  private async deliver(member: Member, delivery: Delivery): Promise<void> {
    const { definition, options } = member;
    const maxDeliver = options.maxDeliver ?? DEFAULT_MAX_DELIVER;
    const headers = { ...delivery.message.headers };
    const decoded = readDelivery(definition, decode(delivery.message.data));
    if (!decoded.ok) {
      this.logger.error(
        { consumer: this.name, subject: definition.subject, err: decoded.error },
        'event payload is invalid; dropped',
      );
      options.onExhausted?.(decoded.envelope, decoded.error);
      return;
    }
    try {
      await withIncomingContext(
        headers,
        () => member.handler(decoded.envelope, { headers, definition, deliveryAttempt: delivery.attempt }),
        definition.subject,
        'event',
      );
    } catch (error) {
      if (delivery.attempt >= maxDeliver) {
        this.logger.error(
          {
            err: error,
            consumer: this.name,
            subject: definition.subject,
            eventId: decoded.envelope.id,
            attempts: delivery.attempt,
          },
          'event handler failed on its last delivery; given up',
        );
        options.onExhausted?.(decoded.envelope, error);
        return;
      }
      this.logger.warn(
        {
          err: error,
          consumer: this.name,
          subject: definition.subject,
          eventId: decoded.envelope.id,
          attempt: delivery.attempt,
        },
        'event handler failed; will redeliver',
      );
      this.redeliverLater({ message: delivery.message, attempt: delivery.attempt + 1 }, options);
    }
  }

  private redeliverLater(delivery: Delivery, options: ConsumeOptions): void {
    const delay = redeliveryDelay(
      options.redeliveryDelayMs ?? DEFAULT_REDELIVERY_DELAY_MS,
      delivery.attempt - 1,
    );
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.ready.push(delivery);
      this.dispatch();
    }, delay);
    this.timers.add(timer);
  }
}
