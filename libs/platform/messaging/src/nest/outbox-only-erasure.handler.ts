import { Inject, Injectable } from '@nestjs/common';
import { identityEvents, type ErasingService, type PayloadOf } from '@castbase/contracts';
import { reportUserErasure } from '../outbox/report-user-erasure.js';
import { Outbox } from '../outbox/outbox.js';
import type { EventHandler, EventHandlerClass, EventHandlerContext } from './message-handlers.js';

type Definition = typeof identityEvents.userDeletionRequested;

/**
 * The part of account deletion of a service that keeps no user data of its own yet: its outbox rows that name the
 * user go, and it reports `<service>.user-data.erased` with only those counted, which lets the deletion complete.
 * A service whose features add user data replaces it with its own handler that erases them too.
 */
export function outboxOnlyErasureHandler(service: ErasingService): EventHandlerClass {
  @Injectable()
  class OutboxOnlyErasureHandler implements EventHandler<Definition> {
    readonly definition = identityEvents.userDeletionRequested;

    constructor(@Inject(Outbox) private readonly outbox: Outbox) {}

    handle(request: PayloadOf<Definition>, { em }: EventHandlerContext<Definition>): Promise<void> {
      return reportUserErasure(this.outbox, em, service, request, {});
    }
  }
  return OutboxOnlyErasureHandler;
}
