import { beforeEach, describe, expect, it } from '@jest/globals';
import type { MessageBus } from '../message-bus.js';
import { waitFor } from '@castbase/platform-testing';
import {
  envelope,
  itemCreated,
  itemRemoved,
  type BusNetwork,
  type ContractContext,
} from './contract-context.js';

export function describeEventsContract(contract: ContractContext): void {
  describe('events', () => {
    let bus: MessageBus;
    let network: BusNetwork;
    const { track } = contract;

    beforeEach(() => {
      bus = contract.bus();
      network = contract.network();
    });

    it('delivers every event to each of two different consumers', async () => {
      const byConsumer: Record<string, number[]> = { feeds: [], analytics: [] };
      for (const consumer of ['feeds', 'analytics']) {
        await track(
          bus.consume(consumer, [itemCreated], ({ payload }) => void byConsumer[consumer]?.push(payload.n)),
        );
      }

      for (let n = 1; n <= 5; n++) await bus.publish(envelope(itemCreated, { n }));

      await waitFor(
        'both consumers to receive all five',
        () => byConsumer['feeds']?.length === 5 && byConsumer['analytics']?.length === 5,
      );
      expect([...(byConsumer['feeds'] ?? [])].sort()).toEqual([1, 2, 3, 4, 5]);
      expect([...(byConsumer['analytics'] ?? [])].sort()).toEqual([1, 2, 3, 4, 5]);
    });

    it('routes each subject of a consumer to the handler with its parsed payload', async () => {
      const seen: string[] = [];
      await track(
        bus.consume(
          'feeds',
          [itemCreated, itemRemoved],
          ({ subject, payload }) => void seen.push(`${subject}:${payload.n}`),
        ),
      );

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
      const replica =
        (who: 'a' | 'b', other: 'a' | 'b') =>
        async ({ payload }: { payload: { n: number } }) => {
          handledBy[who].push(payload.n);
          await waitFor(`replica ${other} to get work`, () => handledBy[other].length > 0);
        };
      await track(bus.consume('feeds', [itemCreated], replica('a', 'b')));
      await track(peer.consume('feeds', [itemCreated], replica('b', 'a')));

      for (let n = 1; n <= 12; n++) await bus.publish(envelope(itemCreated, { n }));
      await waitFor('all twelve events', () => handledBy.a.length + handledBy.b.length >= 12);
      await bus.publish(envelope(itemCreated, { n: 13 }));
      await waitFor('the thirteenth event', () => [...handledBy.a, ...handledBy.b].includes(13));

      expect([...handledBy.a, ...handledBy.b].sort((x, y) => x - y)).toEqual(
        Array.from({ length: 13 }, (_, i) => i + 1),
      );
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

      await bus.publish(envelope(itemCreated, { n: 1 }), {
        headers: { 'x-request-id': 'r-2', 'x-actor': 'user-1' },
      });

      await waitFor('the event', () => seen);
      expect(seen).toEqual({ 'x-request-id': 'r-2', 'x-actor': 'user-1' });
    });
  });
}
