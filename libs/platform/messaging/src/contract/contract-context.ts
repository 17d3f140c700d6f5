import { randomUUID } from 'node:crypto';
import { defineEvent, defineRequest, type EventDefinition, type EventEnvelope } from '@castbase/contracts';
import { z } from 'zod';
import type { BusSubscription, MessageBus } from '../message-bus.js';
import type { Gate } from '@castbase/platform-testing';

/** The subjects the contract exercises. */
export const echo = defineRequest(
  'contract.echo.send',
  z.object({ text: z.string().min(1) }),
  z.object({ text: z.string() }),
);
/** The same subject with a looser request schema: sends what the responder's schema refuses. */
export const echoUnchecked = defineRequest(
  'contract.echo.send',
  z.object({ text: z.unknown() }),
  z.object({ text: z.string() }),
);
export const itemCreated = defineEvent('contract.item.created', z.object({ n: z.number().int() }));
export const itemRemoved = defineEvent('contract.item.removed', z.object({ n: z.number().int() }));
export const CONTRACT_EVENTS: readonly EventDefinition[] = [itemCreated, itemRemoved];

/**
 * The buses of one test. `join()` adds a participant: on NATS a new connection to the same namespace (another
 * process), in process the one shared bus. `close()` closes them all and removes what the test left behind.
 */
export interface BusNetwork {
  join(): Promise<MessageBus>;
  close(): Promise<void>;
}

/** What each part of the contract gets from the suite: the current test's buses and cleanup helpers. */
export interface ContractContext {
  bus(): MessageBus;
  network(): BusNetwork;
  /** Keeps a responder or consumer to stop after the test. */
  track(subscription: Promise<BusSubscription>): Promise<BusSubscription>;
  /** A gate opened after the test at the latest. */
  gate(): Gate;
}

export function envelope<P>(definition: EventDefinition, payload: P): EventEnvelope<P> {
  return { id: randomUUID(), subject: definition.subject, occurredAt: new Date().toISOString(), payload };
}
