import { afterAll, afterEach, beforeAll, beforeEach, describe } from '@jest/globals';
import { context, propagation } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import type { EventDefinition } from '@castbase/contracts';
import { describeContextContract } from './contract/context.contract.js';
import { CONTRACT_EVENTS, type BusNetwork, type ContractContext } from './contract/contract-context.js';
import { describeEventsContract } from './contract/events.contract.js';
import { describeRequestReplyContract } from './contract/request-reply.contract.js';
import type { BusSubscription, MessageBus } from './message-bus.js';
import { Gate } from '@castbase/platform-testing';

export type { BusNetwork } from './contract/contract-context.js';

/**
 * One suite, run against every `MessageBus` implementation: the semantics the services rely on. Each test gets
 * a fresh network from `openNetwork` (given the contract's event definitions) and closes it afterwards.
 */
export function describeMessageBusContract(
  name: string,
  openNetwork: (events: readonly EventDefinition[]) => Promise<BusNetwork>,
): void {
  describe(`${name} (MessageBus contract)`, () => {
    let network: BusNetwork;
    let bus: MessageBus;
    const gates: Gate[] = [];
    const subscriptions: BusSubscription[] = [];
    const contract: ContractContext = {
      bus: () => bus,
      network: () => network,
      track: async (subscription) => {
        const started = await subscription;
        subscriptions.push(started);
        return started;
      },
      gate: () => {
        const opened = new Gate();
        gates.push(opened);
        return opened;
      },
    };

    beforeAll(() => {
      // W3C trace context in headers and an async-local active context, as the observability SDK sets up.
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

    describeRequestReplyContract(contract);
    describeEventsContract(contract);
    describeContextContract(contract);
  });
}
