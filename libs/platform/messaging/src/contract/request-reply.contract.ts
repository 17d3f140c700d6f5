import { DomainError } from '@castbase/contracts';
import { beforeEach, describe, expect, it } from '@jest/globals';
import type { MessageBus } from '../message-bus.js';
import { echo, echoUnchecked, type BusNetwork, type ContractContext } from './contract-context.js';

export function describeRequestReplyContract(contract: ContractContext): void {
  describe('request/reply', () => {
    let bus: MessageBus;
    let network: BusNetwork;
    const { track, gate } = contract;

    beforeEach(() => {
      bus = contract.bus();
      network = contract.network();
    });

    it('replies with the value the responder returns', async () => {
      await track(bus.respond(echo, ({ text }) => ({ text: text.toUpperCase() }), { queue: 'echo' }));

      await expect(bus.request(echo, { text: 'hello' })).resolves.toEqual({ text: 'HELLO' });
    });

    it('rejects an invalid request on the caller side with VALIDATION_FAILED and its issues, sending nothing', async () => {
      let handled = 0;
      await track(bus.respond(echo, ({ text }) => (handled++, { text }), { queue: 'echo' }));

      const failure = await bus.request(echo, { text: '' }).catch((error: unknown) => error);

      expect(failure).toBeInstanceOf(DomainError);
      expect(failure).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [expect.objectContaining({ path: ['text'] })],
      });
      expect(handled).toBe(0);
    });

    it('answers VALIDATION_FAILED with the issues when the responder rejects the request', async () => {
      await track(bus.respond(echo, ({ text }) => ({ text }), { queue: 'echo' }));

      const failure = await bus.request(echoUnchecked, { text: 42 }).catch((error: unknown) => error);

      expect(failure).toBeInstanceOf(DomainError);
      expect(failure).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [expect.objectContaining({ path: ['text'] })],
      });
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
      expect(failure).toMatchObject({
        code: 'EPISODE_NOT_FOUND',
        message: 'No episode abc',
        details: { episodeId: 'abc' },
      });
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

      await expect(bus.request(echo, { text: 'x' }, { timeoutMs: 150 })).rejects.toMatchObject({
        code: 'BUS_TIMEOUT',
      });
    });

    it('fails with SERVICE_UNAVAILABLE when nothing responds on the subject', async () => {
      await expect(bus.request(echo, { text: 'x' }, { timeoutMs: 150 })).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
      });
    });

    it('shares requests among the responders of one queue: each handled exactly once, every responder used', async () => {
      const peer = await network.join();
      const handledBy: Record<string, string[]> = { a: [], b: [] };
      const responder =
        (who: 'a' | 'b') =>
        ({ text }: { text: string }) => (handledBy[who]?.push(text), { text: who });
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
      await track(
        bus.respond(echo, ({ text }, { headers }) => ((seen = headers), { text }), { queue: 'echo' }),
      );

      await bus.request(echo, { text: 'x' }, { headers: { 'x-request-id': 'r-1', 'x-tenant': 'acme' } });

      expect(seen).toMatchObject({ 'x-request-id': 'r-1', 'x-tenant': 'acme' });
    });
  });
}
