import { DELETION_CONFIRMATION_WINDOW_MS } from '@castbase/contracts';

/**
 * How long after the request (or the latest retry) the services have to confirm before the deletion reads as
 * partial. A provider of its own so tests can shorten it instead of waiting.
 */
export class DeletionConfirmationWindow {
  constructor(readonly ms: number = DELETION_CONFIRMATION_WINDOW_MS) {}

  hasPassedSince(start: Date, now: Date): boolean {
    return now.getTime() - start.getTime() >= this.ms;
  }
}
