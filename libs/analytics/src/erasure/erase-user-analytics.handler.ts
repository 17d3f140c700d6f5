import { Injectable } from '@nestjs/common';
import { identityEvents, type PayloadOf } from '@castbase/contracts';
import {
  reportUserErasure,
  Outbox,
  type EventContext,
  type EventHandler,
} from '@castbase/platform-messaging';
import { Download } from '../downloads/download.entity.js';
import { Enclosure } from '../enclosures/enclosure.entity.js';
import { PodcastAccess } from '../podcasts/podcast-access.entity.js';

type Definition = typeof identityEvents.userDeletionRequested;

/**
 * Analytics' part of account deletion, in the event's transaction: the downloads of the user's episodes, their
 * podcasts' access records, their enclosures (after which `/e/...` answers 404 for them) and the outbox rows that name the user, with
 * the report `analytics.user-data.erased`. A later request for the same user finds nothing and reports zeros.
 */
@Injectable()
export class EraseUserAnalyticsHandler implements EventHandler<Definition> {
  readonly definition = identityEvents.userDeletionRequested;

  constructor(private readonly outbox: Outbox) {}

  async handle(
    { deletionId, userId }: PayloadOf<Definition>,
    { em }: EventContext<Definition>,
  ): Promise<void> {
    const downloads = await em.nativeDelete(Download, { ownerId: userId });
    const enclosures = await em.nativeDelete(Enclosure, { ownerId: userId });
    const podcasts = await em.nativeDelete(PodcastAccess, { ownerId: userId });
    await reportUserErasure(
      this.outbox,
      em,
      'analytics',
      { deletionId, userId },
      { downloads, enclosures, podcasts },
    );
  }
}
