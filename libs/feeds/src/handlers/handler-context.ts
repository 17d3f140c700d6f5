import type { EventDefinition } from '@castbase/contracts';
import type { EventHandler } from '@castbase/platform-messaging';

/** What the messaging module hands an event handler besides the payload: the transaction's `em`, the envelope, headers. */
export type EventContextOf<D extends EventDefinition> = Parameters<EventHandler<D>['handle']>[1];
