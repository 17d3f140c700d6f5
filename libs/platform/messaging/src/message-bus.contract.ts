import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { DomainError, defineEvent, defineRequest, type EventDefinition, type EventEnvelope } from '@castbase/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { ROOT_CONTEXT, context, propagation, trace, TraceFlags } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { z } from 'zod';
import type { BusSubscription, MessageBus } from './message-bus.js';
import { Gate, waitFor } from './testing/wait-for.js';

/** The subjects the contract exercises. */
const echo = defineRequest('contract.echo.send', z.object({ text: z.string().min(1) }), z.object({ text: z.string() }));
const echoUnchecked = defineRequest('contract.echo.send', z.object({ text: z.unknown() }), z.object({ text: z.string() }));
const itemCreated = defineEvent('contract.item.created', z.object({ n: z.number().int() }));
const itemRemoved = defineEvent('contract.item.removed', z.object({ n: z.number().int() }));
export const CONTRACT_EVENTS: readonly EventDefinition[] = [itemCreated, itemRemoved];

/**
 * The buses of one test. `join()` adds a participant: on NATS a new connection to the same namespace (another
 * process), in process the one shared bus. `close()` closes them all and removes what the test left behind.
 */
export interface BusNetwork {
  join(): Promise<MessageBus>;
  close(): Promise<void>;
}

function envelope<P>(definition: EventDefinition, payload: P): EventEnvelope<P> {
  return { id: randomUUID(), subject: definition.subject, occurredAt: new Date().toISOString(), payload };
}

/** One suite, run against every `MessageBus` implementation: the semantics the services rely on. */
export function describeMessageBusContract(name: string, openNetwork: (events: readonly EventDefinition[]) => Promise<BusNetwork>): void {
  describe(`${name} (MessageBus contract)`, () => {
    let network: BusNetwork;
    let bus: MessageBus;
    const gates: Gate[] = [];
    const subscriptions: BusSubscription[] = [];
    const gate = () => {
      const opened = new Gate();
      gates.push(opened);
      return opened;
    };
    const track = async (subscription: Promise<BusSubscription>) => {
      const started = await subscription;
      subscriptions.push(started);
      return started;
    };

    beforeAll(() => {
      propagation.setGlobalPropagator(new W3CTraceContextPropagator());
      context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    });

    afterAll(() => {
      propagation.disable();
      context.disable();
    });

    beforeEach(async () => {
      network = await openNetwork(CONTRACT_EVENTS);
      bus = await network.join();
    });

    afterEach(async () => {
      for (const opened of gates.splice(0)) opened.open();
      await Promise.all(subscriptions.splice(0).map((subscription) => subscription.stop()));
      await network.close();
    });

    describe('request/reply', () => {
      it('replies with the value the responder returns', async () => {
        await track(bus.respond(echo, ({ text }) => ({ text: text.toUpperCase() }), { queue: 'echo' }));

        await expect(bus.request(echo, { text: 'hello' })).resolves.toEqual({ text: 'HELLO' });
      });

      it('rejects an invalid request on the caller side with VALIDATION_FAILED and its issues, sending nothing', async () => {
        let handled = 0;
        await track(bus.respond(echo, ({ text }) => (handled++, { text }), { queue: 'echo' }));

        const failure = await bus.request(echo, { text: '' }).catch((error: unknown) => error);

        expect(failure).toBeInstanceOf(DomainError);
        expect(failure).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ path: ['text'] })] });
        expect(handled).toBe(0);
      });

      it('answers VALIDATION_FAILED with the issues when the responder rejects the request', async () => {
        await track(bus.respond(echo, ({ text }) => ({ text }), { queue: 'echo' }));

        const failure = await bus.request(echoUnchecked, { text: 42 }).catch((error: unknown) => error);

        expect(failure).toBeInstanceOf(DomainError);
        expect(failure).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ path: ['text'] })] });
      });

      it("re-throws the remote handler's DomainError with its code, message and details", async () => {
        await track(
          bus.respond(
            echo,
            () => {
              throw new DomainError('EPISODE_NOT_FOUND', 'No episode abc', { episodeId: 'abc' });
            },
            { queue: 'echo' },
          ),
        );

        const failure = await bus.request(echo, { text: 'x' }).catch((error: unknown) => error);

        expect(failure).toBeInstanceOf(DomainError);
        expect(failure).toMatchObject({ code: 'EPISODE_NOT_FOUND', message: 'No episode abc', details: { episodeId: 'abc' } });
      });

      it('answers INTERNAL with the generic message when the handler fails unexpectedly', async () => {
        await track(
          bus.respond(
            echo,
            () => {
              throw new Error('secret stack detail');
            },
            { queue: 'echo' },
          ),
        );

        await expect(bus.request(echo, { text: 'x' })).rejects.toMatchObject({
          code: 'INTERNAL',
          message: 'An unexpected error occurred',
        });
      });

      it('answers INTERNAL when the reply breaks its contract', async () => {
        await track(bus.respond(echo, () => ({ text: 42 }) as unknown as { text: string }, { queue: 'echo' }));

        await expect(bus.request(echo, { text: 'x' })).rejects.toMatchObject({ code: 'INTERNAL' });
      });

      it('fails with BUS_TIMEOUT when the responder does not answer in time', async () => {
        const late = gate();
        await track(bus.respond(echo, async ({ text }) => (await late.opened, { text }), { queue: 'echo' }));

        await expect(bus.request(echo, { text: 'x' }, { timeoutMs: 150 })).rejects.toMatchObject({ code: 'BUS_TIMEOUT' });
      });

      it('fails with SERVICE_UNAVAILABLE when nothing responds on the subject', async () => {
        await expect(bus.request(echo, { text: 'x' }, { timeoutMs: 150 })).rejects.toMatchObject({
          code: 'SERVICE_UNAVAILABLE',
        });
      });

      it('shares requests among the responders of one queue: each handled exactly once, every responder used', async () => {
        const peer = await network.join();
        const handledBy: Record<string, string[]> = { a: [], b: [] };
        const responder = (who: 'a' | 'b') => ({ text }: { text: string }) => (handledBy[who]?.push(text), { text: who });
        await track(bus.respond(echo, responder('a'), { queue: 'echo' }));
        await track(peer.respond(echo, responder('b'), { queue: 'echo' }));
        const texts = Array.from({ length: 30 }, (_, i) => `m${i}`);

        const replies = await Promise.all(texts.map((text) => bus.request(echo, { text })));

        expect([...(handledBy['a'] ?? []), ...(handledBy['b'] ?? [])].sort()).toEqual([...texts].sort());
        expect(handledBy['a']?.length).toBeGreaterThan(0);
        expect(handledBy['b']?.length).toBeGreaterThan(0);
        expect(replies.filter((reply) => reply.text === 'a')).toHaveLength(handledBy['a']?.length ?? -1);
      });

      it('carries headers to the responder', async () => {
        let seen: Record<string, string> | undefined;
        await track(bus.respond(echo, ({ text }, { headers }) => ((seen = headers), { text }), { queue: 'echo' }));

        await bus.request(echo, { text: 'x' }, { headers: { 'x-request-id': 'r-1', 'x-tenant': 'acme' } });

        expect(seen).toMatchObject({ 'x-request-id': 'r-1', 'x-tenant': 'acme' });
      });
    });

    describe('events', () => {
      it('delivers every event to each of two different consumers', async () => {
        const byConsumer: Record<string, number[]> = { feeds: [], analytics: [] };
        for (const consumer of ['feeds', 'analytics']) {
          await track(bus.consume(consumer, [itemCreated], ({ payload }) => void byConsumer[consumer]?.push(payload.n)));
        }

        for (let n = 1; n <= 5; n++) await bus.publish(envelope(itemCreated, { n }));

        await waitFor('both consumers to receive all five', () => byConsumer['feeds']?.length === 5 && byConsumer['analytics']?.length === 5);
        expect([...(byConsumer['feeds'] ?? [])].sort()).toEqual([1, 2, 3, 4, 5]);
        expect([...(byConsumer['analytics'] ?? [])].sort()).toEqual([1, 2, 3, 4, 5]);
      });

      it('routes each subject of a consumer to the handler with its parsed payload', async () => {
        const seen: string[] = [];
        await track(bus.consume('feeds', [itemCreated, itemRemoved], ({ subject, payload }) => void seen.push(`${subject}:${payload.n}`)));

        await bus.publish(envelope(itemCreated, { n: 1 }));
        await bus.publish(envelope(itemRemoved, { n: 1 }));

        await waitFor('both events', () => seen.length === 2);
        expect(seen.sort()).toEqual(['contract.item.created:1', 'contract.item.removed:1']);
      });

      it('redelivers an event after its handler throws, until the handler succeeds', async () => {
        const attempts: number[] = [];
        let succeeded = 0;
        await track(
          bus.consume(
            'feeds',
            [itemCreated],
            (_, { deliveryAttempt }) => {
              attempts.push(deliveryAttempt);
              if (deliveryAttempt < 3) throw new Error('not yet');
              succeeded++;
            },
            { redeliveryDelayMs: 20 },
          ),
        );

        await bus.publish(envelope(itemCreated, { n: 1 }));

        await waitFor('the third attempt to succeed', () => succeeded === 1);
        expect(attempts).toEqual([1, 2, 3]);
      });

      it('gives up after maxDeliver failed deliveries and reports the event', async () => {
        const attempts: number[] = [];
        const exhausted: string[] = [];
        const event = envelope(itemCreated, { n: 7 });
        await track(
          bus.consume(
            'feeds',
            [itemCreated],
            (_, { deliveryAttempt }) => {
              attempts.push(deliveryAttempt);
              throw new Error('always');
            },
            { maxDeliver: 3, redeliveryDelayMs: 20, onExhausted: (given) => exhausted.push(given.id) },
          ),
        );

        await bus.publish(event);

        await waitFor('the event to be given up on', () => exhausted.length === 1);
        expect(exhausted).toEqual([event.id]);
        expect(attempts).toEqual([1, 2, 3]);
      });

      it("shares one consumer's events among its replicas: none lost, none doubled, every replica used", async () => {
        const peer = await network.join();
        const handledBy: Record<'a' | 'b', number[]> = { a: [], b: [] };
        // A replica holds its first event until the other has one too: work a busy replica can't take goes to the other.
        const replica = (who: 'a' | 'b', other: 'a' | 'b') => async ({ payload }: { payload: { n: number } }) => {
          handledBy[who].push(payload.n);
          await waitFor(`replica ${other} to get work`, () => handledBy[other].length > 0);
        };
        await track(bus.consume('feeds', [itemCreated], replica('a', 'b')));
        await track(peer.consume('feeds', [itemCreated], replica('b', 'a')));

        for (let n = 1; n <= 12; n++) await bus.publish(envelope(itemCreated, { n }));
        await waitFor('all twelve events', () => handledBy.a.length + handledBy.b.length >= 12);
        await bus.publish(envelope(itemCreated, { n: 13 }));
        await waitFor('the thirteenth event', () => [...handledBy.a, ...handledBy.b].includes(13));

        expect([...handledBy.a, ...handledBy.b].sort((x, y) => x - y)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
        expect(handledBy.a.length).toBeGreaterThan(0);
        expect(handledBy.b.length).toBeGreaterThan(0);
      });

      it('delivers events published before the consumer first started (durable)', async () => {
        for (let n = 1; n <= 3; n++) await bus.publish(envelope(itemCreated, { n }));
        const seen: number[] = [];

        await track(bus.consume('late-joiner', [itemCreated], ({ payload }) => void seen.push(payload.n)));

        await waitFor('the three earlier events', () => seen.length === 3);
        expect(seen.sort()).toEqual([1, 2, 3]);
      });

      it('resumes a stopped consumer after the last event it acknowledged', async () => {
        const seen: number[] = [];
        const first = await bus.consume('feeds', [itemCreated], ({ payload }) => void seen.push(payload.n));
        await bus.publish(envelope(itemCreated, { n: 1 }));
        await waitFor('the first event', () => seen.length === 1);
        await first.stop();

        await bus.publish(envelope(itemCreated, { n: 2 }));
        await track(bus.consume('feeds', [itemCreated], ({ payload }) => void seen.push(payload.n)));

        await waitFor('the second event', () => seen.length === 2);
        expect(seen).toEqual([1, 2]);
      });

      it('drops a second publish of the same envelope id within the duplicate window', async () => {
        const seen: number[] = [];
        await track(bus.consume('feeds', [itemCreated], ({ payload }) => void seen.push(payload.n)));
        const duplicated = envelope(itemCreated, { n: 1 });

        await bus.publish(duplicated);
        await bus.publish(duplicated);
        await bus.publish(envelope(itemCreated, { n: 2 }));

        await waitFor('the event after the duplicate', () => seen.includes(2));
        expect(seen).toEqual([1, 2]);
      });

      it('carries headers from the publisher to the consumer', async () => {
        let seen: Record<string, string> | undefined;
        await track(bus.consume('feeds', [itemCreated], (_, { headers }) => void (seen = headers)));

        await bus.publish(envelope(itemCreated, { n: 1 }), { headers: { 'x-request-id': 'r-2', 'x-actor': 'user-1' } });

        await waitFor('the event', () => seen);
        expect(seen).toEqual({ 'x-request-id': 'r-2', 'x-actor': 'user-1' });
      });
    });

    describe('context', () => {
      const spanContext = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', traceFlags: TraceFlags.SAMPLED };
      const inTrace = <T>(work: () => T) => context.with(trace.setSpanContext(ROOT_CONTEXT, spanContext), work);

      it("makes the caller's trace context the active one in the responder", async () => {
        let traceId: string | undefined;
        await track(bus.respond(echo, ({ text }) => ((traceId = trace.getSpanContext(context.active())?.traceId), { text }), { queue: 'echo' }));

        await inTrace(() => bus.request(echo, { text: 'x' }));

        expect(traceId).toBe(spanContext.traceId);
      });

      it("makes the publisher's trace context the active one in the consumer", async () => {
        let traceId: string | undefined;
        await track(bus.consume('feeds', [itemCreated], () => void (traceId = trace.getSpanContext(context.active())?.traceId)));

        await inTrace(() => bus.publish(envelope(itemCreated, { n: 1 })));

        await waitFor('the traced event', () => traceId);
        expect(traceId).toBe(spanContext.traceId);
      });

      it("runs handlers outside the caller's async context, as in another process", async () => {
        const store = new AsyncLocalStorage<string>();
        const seen: Array<string | undefined> = [];
        await track(bus.respond(echo, ({ text }) => (seen.push(store.getStore()), { text }), { queue: 'echo' }));
        await track(bus.consume('feeds', [itemCreated], () => void seen.push(store.getStore())));

        await store.run('caller', async () => {
          await bus.request(echo, { text: 'x' });
          await bus.publish(envelope(itemCreated, { n: 1 }));
        });

        await waitFor('both handlers', () => seen.length === 2);
        expect(seen).toEqual([undefined, undefined]);
      });
    });
  });
}
