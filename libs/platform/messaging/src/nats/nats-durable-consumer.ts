import type { EventDefinition } from '@castbase/contracts';
import {
  AckPolicy,
  DeliverPolicy,
  type ConsumerConfig,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import {
  DEFAULT_ACK_WAIT_MS,
  DEFAULT_MAX_DELIVER,
  DEFAULT_REDELIVERY_DELAY_MS,
  redeliveryDelay,
  type ConsumeOptions,
  type EventHandlerFn,
} from '../message-bus.js';
import { withIncomingContext } from '../trace-context.js';
import { decode, readDelivery } from '../wire.js';
import { fromNatsHeaders } from './nats-headers.js';

/**
 * Messages a replica pulls ahead of the one it is handling. Small, so that replicas sharing a consumer share
 * its work (a message buffered by a busy replica waits for it) and buffered messages don't outlive ack_wait.
 */
const PULL_BATCH = 2;

export interface DurableConsumerTarget {
  jsm: JetStreamManager;
  js: JetStreamClient;
  stream: string;
  durable: string;
  filterSubject: string;
  consumerName: string;
  logger: Logger;
}

/**
 * Creates (or updates) the durable pull consumer and runs its pull loop: one message at a time, ack after the
 * handler resolves, nak with a growing delay when it throws, term when it is exhausted or unreadable. The
 * returned function stops pulling, gives back what was buffered and waits for the message in hand.
 */
export async function runDurableConsumer(
  target: DurableConsumerTarget,
  definition: EventDefinition,
  handler: EventHandlerFn<EventDefinition>,
  options: ConsumeOptions,
): Promise<() => Promise<void>> {
  const config: Partial<ConsumerConfig> = {
    durable_name: target.durable,
    filter_subject: target.filterSubject,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    max_deliver: options.maxDeliver ?? DEFAULT_MAX_DELIVER,
    ack_wait: nanos(options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS),
  };
  const info = await target.jsm.consumers.add(target.stream, config);
  if (info.config.max_deliver !== config.max_deliver || info.config.ack_wait !== config.ack_wait) {
    await target.jsm.consumers.update(target.stream, target.durable, {
      max_deliver: config.max_deliver,
      ack_wait: config.ack_wait,
    });
  }
  const consumer = await target.js.consumers.get(target.stream, target.durable);
  const messages = await consumer.consume({ max_messages: PULL_BATCH });
  let stopping = false;
  const loop = (async () => {
    for await (const message of messages) {
      if (stopping) {
        message.nak();
        continue;
      }
      await handleDelivery(target, message, definition, handler, options);
    }
  })().catch((error: unknown) =>
    target.logger.error({ err: error, durable: target.durable }, 'consumer loop failed'),
  );
  return async () => {
    stopping = true;
    await messages.close();
    await loop;
  };
}

async function handleDelivery(
  target: DurableConsumerTarget,
  message: JsMsg,
  definition: EventDefinition,
  handler: EventHandlerFn<EventDefinition>,
  options: ConsumeOptions,
): Promise<void> {
  const headers = fromNatsHeaders(message.headers);
  let raw: unknown;
  try {
    raw = decode(message.data);
  } catch (error) {
    target.logger.error({ err: error, durable: target.durable }, 'event is not JSON; dropped');
    message.term('not JSON');
    return;
  }
  const decoded = readDelivery(definition, raw);
  if (!decoded.ok) {
    target.logger.error({ durable: target.durable, err: decoded.error }, 'event payload is invalid; dropped');
    message.term('invalid payload');
    options.onExhausted?.(decoded.envelope, decoded.error);
    return;
  }
  const attempt = message.info.deliveryCount;
  const ackWaitMs = options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS;
  // Tell the server we are still working so a long handler doesn't get its message handed to another replica.
  const heartbeat = setInterval(() => message.working(), Math.max(250, ackWaitMs / 2));
  try {
    await withIncomingContext(
      headers,
      () => handler(decoded.envelope, { headers, definition, deliveryAttempt: attempt }),
      definition.subject,
      'event',
    );
    message.ack();
  } catch (error) {
    const log = {
      err: error,
      consumer: target.consumerName,
      subject: definition.subject,
      eventId: decoded.envelope.id,
      attempt,
    };
    if (attempt >= (options.maxDeliver ?? DEFAULT_MAX_DELIVER)) {
      target.logger.error(log, 'event handler failed on its last delivery; given up');
      message.term('handler failed on its last delivery');
      options.onExhausted?.(decoded.envelope, error);
      return;
    }
    target.logger.warn(log, 'event handler failed; will redeliver');
    message.nak(redeliveryDelay(options.redeliveryDelayMs ?? DEFAULT_REDELIVERY_DELAY_MS, attempt));
  } finally {
    clearInterval(heartbeat);
  }
}
