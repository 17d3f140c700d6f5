import {
  DomainError,
  type EventDefinition,
  type EventEnvelope,
  type RequestDefinition,
} from '@castbase/contracts';
import {
  JetStreamApiCodes,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  jetstream,
  jetstreamManager,
  type JetStreamClient,
  type JetStreamManager,
} from '@nats-io/jetstream';
import { connect, errors, nanos, type Msg, type NatsConnection } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import { EventSubjects } from '../event-subjects.js';
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
import { outgoingHeaders, withIncomingContext } from '../trace-context.js';
import { answer, checkEnvelope, decode, encode, parseRequest, readReply } from '../wire.js';
import { runDurableConsumer } from './nats-durable-consumer.js';
import { fromNatsHeaders, toNatsHeaders } from './nats-headers.js';
import { DEFAULT_BUS_NAMESPACE, NatsNaming } from './nats-naming.js';
import { defaultLogger } from '../default-logger.js';

export interface NatsBusOptions {
  /** e.g. nats://127.0.0.1:4222 */
  url: string;
  /** Prefix of every subject, and of the stream's name; `BUS_NAMESPACE`, default `castbase`. */
  namespace?: string;
  /** Every event subject: the stream's subject list. */
  events: readonly EventDefinition[];
  /** How long a request waits for its reply unless the call says otherwise (`BUS_REQUEST_TIMEOUT_MS`). */
  requestTimeoutMs?: number;
  /** Connection name shown by the server (e.g. the service). */
  name?: string;
  logger?: Logger;
}

/**
 * The message bus of the distributed runtime: request/reply on core NATS with queue groups, events on one
 * JetStream stream per namespace with a durable pull consumer per (consumer, subject). NATS 2.9: single
 * `filter_subject`, no per-message TTL.
 */
export class NatsBus extends MessageBus {
  private readonly subscriptions = new Set<BusSubscription>();
  private closed = false;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly naming: NatsNaming,
    private readonly subjects: EventSubjects,
    private readonly logger: Logger,
    private readonly requestTimeoutMs: number,
  ) {
    super();
  }

  /** A round trip to the server: fails while disconnected or closed. */
  async checkHealth(): Promise<void> {
    this.assertOpen();
    if (this.nc.isClosed()) throw new Error('The NATS connection is closed');
    await Promise.race([
      this.nc.flush(),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('NATS did not answer within 2 s')), 2_000).unref(),
      ),
    ]);
  }

  /** Connects (reconnecting forever after), and creates or updates the namespace's event stream. */
  static async connect(options: NatsBusOptions): Promise<NatsBus> {
    const logger = options.logger ?? defaultLogger('nats-bus');
    const naming = new NatsNaming(options.namespace ?? DEFAULT_BUS_NAMESPACE);
    const subjects = new EventSubjects(options.events);
    let nc: NatsConnection;
    try {
      nc = await connect({ servers: options.url, name: options.name, maxReconnectAttempts: -1 });
    } catch (error) {
      throw new Error(`Could not connect to NATS at ${options.url}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type === 'disconnect' || status.type === 'reconnect')
          logger.warn({ status: status.type }, 'NATS connection');
      }
    })();
    try {
      const jsm = await jetstreamManager(nc);
      if (subjects.all.length > 0)
        await ensureStream(
          jsm,
          naming.stream,
          subjects.all.map((subject) => naming.subject(subject)),
        );
      return new NatsBus(
        nc,
        jetstream(nc),
        jsm,
        naming,
        subjects,
        logger,
        options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
      );
    } catch (error) {
      await nc.close();
      throw error;
    }
  }

  get namespace(): string {
    return this.naming.namespace;
  }

  get streamName(): string {
    return this.naming.stream;
  }

  async request<D extends RequestDefinition>(definition: D, payload: unknown, options: RequestOptions = {}) {
    this.assertOpen();
    const data = encode(parseRequest(definition, payload));
    let reply: Msg;
    try {
      reply = await this.nc.request(this.naming.subject(definition.subject), data, {
        timeout: options.timeoutMs ?? this.requestTimeoutMs,
        headers: toNatsHeaders(outgoingHeaders(options.headers)),
      });
    } catch (error) {
      throw requestFailure(error);
    }
    return readReply(definition, decode(reply.data), this.logger);
  }

  async respond<D extends RequestDefinition>(
    definition: D,
    handler: RequestHandlerFn<D>,
    options: RespondOptions,
  ): Promise<BusSubscription> {
    this.assertOpen();
    const inFlight = new Set<Promise<void>>();
    const reply = async (message: Msg): Promise<void> => {
      const headers = fromNatsHeaders(message.headers);
      let raw: unknown;
      try {
        raw = decode(message.data);
      } catch {
        message.respond(
          encode({
            ok: false,
            error: new DomainError('VALIDATION_FAILED', 'The request is not JSON').toJSON(),
          }),
        );
        return;
      }
      const envelope = await withIncomingContext(
        headers,
        () => answer(definition, raw, (parsed) => handler(parsed, { headers }), this.logger),
        definition.subject,
        'request',
      );
      if (message.reply) message.respond(encode(envelope));
    };
    const subscription = this.nc.subscribe(this.naming.subject(definition.subject), {
      queue: options.queue,
      callback: (error, message) => {
        if (error) {
          this.logger.error({ err: error, subject: definition.subject }, 'responder subscription failed');
          return;
        }
        const work = reply(message).catch((failure: unknown) =>
          this.logger.error({ err: failure, subject: definition.subject }, 'could not send reply'),
        );
        inFlight.add(work);
        void work.finally(() => inFlight.delete(work));
      },
    });
    // The server knows the responder once flushed: a request sent after respond() resolves reaches it.
    await this.nc.flush();
    return this.track(async () => {
      if (!subscription.isClosed()) subscription.unsubscribe();
      await Promise.all([...inFlight]);
    });
  }

  async publish(envelope: EventEnvelope<unknown>, options: PublishOptions = {}): Promise<void> {
    this.assertOpen();
    const checked = checkEnvelope(envelope);
    this.subjects.assertKnown(checked.subject);
    await this.js.publish(this.naming.subject(checked.subject), encode(checked), {
      msgID: checked.id,
      headers: toNatsHeaders(outgoingHeaders(options.headers)),
    });
  }

  async consume<D extends EventDefinition>(
    consumerName: string,
    definitions: readonly D[],
    handler: EventHandlerFn<D>,
    options: ConsumeOptions = {},
  ): Promise<BusSubscription> {
    this.assertOpen();
    for (const definition of definitions) this.subjects.assertKnown(definition.subject);
    const stops: Array<() => Promise<void>> = [];
    try {
      for (const definition of definitions) {
        const target = {
          jsm: this.jsm,
          js: this.js,
          stream: this.naming.stream,
          durable: this.naming.durable(consumerName, definition.subject),
          filterSubject: this.naming.subject(definition.subject),
          consumerName,
          logger: this.logger,
        };
        stops.push(
          await runDurableConsumer(
            target,
            definition,
            handler as unknown as EventHandlerFn<EventDefinition>,
            options,
          ),
        );
      }
    } catch (error) {
      await Promise.all(stops.map((stop) => stop()));
      throw error;
    }
    return this.track(async () => void (await Promise.all(stops.map((stop) => stop()))));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    await this.nc.drain();
  }

  private track(stop: () => Promise<void>): BusSubscription {
    let stopped: Promise<void> | undefined;
    const subscription: BusSubscription = {
      stop: () => {
        this.subscriptions.delete(subscription);
        return (stopped ??= stop());
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  private assertOpen(): void {
    if (this.closed) throw new DomainError('SERVICE_UNAVAILABLE', 'The message bus is closed');
  }
}

function requestFailure(error: unknown): DomainError {
  if (error instanceof errors.RequestError && error.isNoResponders())
    return new DomainError('SERVICE_UNAVAILABLE');
  if (
    error instanceof errors.TimeoutError ||
    (error instanceof Error && error.cause instanceof errors.TimeoutError)
  ) {
    return new DomainError('BUS_TIMEOUT');
  }
  return new DomainError('SERVICE_UNAVAILABLE', undefined, {
    reason: error instanceof Error ? error.message : String(error),
  });
}

/**
 * Creates the namespace's stream with exactly `subjects`, or adds the missing ones to an existing stream.
 * An existing stream's other subjects are kept: during a rolling upgrade an older replica must not remove the
 * subjects a newer one already publishes.
 */
async function ensureStream(jsm: JetStreamManager, name: string, subjects: string[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      const info = await jsm.streams.info(name);
      const existing = info.config.subjects ?? [];
      const missing = subjects.filter((subject) => !existing.includes(subject));
      if (missing.length > 0) await jsm.streams.update(name, { subjects: [...existing, ...missing] });
      return;
    } catch (error) {
      if (!(error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound))
        throw error;
    }
    try {
      await jsm.streams.add({
        name,
        subjects,
        retention: RetentionPolicy.Limits,
        storage: StorageType.File,
        duplicate_window: nanos(DUPLICATE_WINDOW_MS),
      });
      return;
    } catch (error) {
      // Another replica created it in between: read it again and add what is missing.
      if (attempt >= 3) throw error;
    }
  }
}
