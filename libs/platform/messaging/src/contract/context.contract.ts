import { AsyncLocalStorage } from 'node:async_hooks';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { ROOT_CONTEXT, TraceFlags, context, trace } from '@opentelemetry/api';
import type { MessageBus } from '../message-bus.js';
import { waitFor } from '@castbase/platform-testing';
import { echo, envelope, itemCreated, type ContractContext } from './contract-context.js';

export function describeContextContract(contract: ContractContext): void {
  describe('context', () => {
    let bus: MessageBus;
    const { track } = contract;

    beforeEach(() => {
      bus = contract.bus();
    });

    const spanContext = {
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      spanId: '00f067aa0ba902b7',
      traceFlags: TraceFlags.SAMPLED,
    };
    const inTrace = <T>(work: () => T) => context.with(trace.setSpanContext(ROOT_CONTEXT, spanContext), work);

    it("makes the caller's trace context the active one in the responder", async () => {
      let traceId: string | undefined;
      await track(
        bus.respond(
          echo,
          ({ text }) => ((traceId = trace.getSpanContext(context.active())?.traceId), { text }),
          { queue: 'echo' },
        ),
      );

      await inTrace(() => bus.request(echo, { text: 'x' }));

      expect(traceId).toBe(spanContext.traceId);
    });

    it("makes the publisher's trace context the active one in the consumer", async () => {
      let traceId: string | undefined;
      await track(
        bus.consume(
          'feeds',
          [itemCreated],
          () => void (traceId = trace.getSpanContext(context.active())?.traceId),
        ),
      );

      await inTrace(() => bus.publish(envelope(itemCreated, { n: 1 })));

      await waitFor('the traced event', () => traceId);
      expect(traceId).toBe(spanContext.traceId);
    });

    it("runs handlers outside the caller's async context, as in another process", async () => {
      const store = new AsyncLocalStorage<string>();
      const seen: Array<string | undefined> = [];
      await track(
        bus.respond(echo, ({ text }) => (seen.push(store.getStore()), { text }), { queue: 'echo' }),
      );
      await track(bus.consume('feeds', [itemCreated], () => void seen.push(store.getStore())));

      await store.run('caller', async () => {
        await bus.request(echo, { text: 'x' });
        await bus.publish(envelope(itemCreated, { n: 1 }));
      });

      await waitFor('both handlers', () => seen.length === 2);
      expect(seen).toEqual([undefined, undefined]);
    });
  });
}
