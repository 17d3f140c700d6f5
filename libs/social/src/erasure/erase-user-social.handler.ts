import { Injectable } from '@nestjs/common';
import { identityEvents, type PayloadOf } from '@castbase/contracts';
import {
  reportUserErasure,
  Outbox,
  type EventContext,
  type EventHandler,
} from '@castbase/platform-messaging';

type Definition = typeof identityEvents.userDeletionRequested;

/**
 * Social's part of account deletion. It keeps no user data of its own yet, so it only erases the published
 * outbox rows that name the user and reports `social.user-data.erased` with nothing removed, which lets the
 * deletion complete. Tables that arrive with the social features must be erased here too.
 */
@Injectable()
export class EraseUserSocialHandler implements EventHandler<Definition> {
  readonly definition = identityEvents.userDeletionRequested;

  constructor(private readonly outbox: Outbox) {}

  async handle(
    { deletionId, userId }: PayloadOf<Definition>,
    { em }: EventContext<Definition>,
  ): Promise<void> {
    await reportUserErasure(this.outbox, em, 'social', { deletionId, userId }, {});
  }
}
