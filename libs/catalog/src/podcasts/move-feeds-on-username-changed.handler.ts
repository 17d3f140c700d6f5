import { Injectable } from '@nestjs/common';
import { catalogEvents, identityEvents, type PayloadOf } from '@castbase/contracts';
import { Outbox, type EventHandler, type EventHandlerContext } from '@castbase/platform-messaging';
import { feedAddressOf, podcastUpdatedPayload } from './podcast-events.js';
import { Podcast } from './podcast.entity.js';

type Definition = typeof identityEvents.usernameChanged;

/**
 * A user's new username moves the feed address of every podcast they own (/feeds/{username}/{slug}.xml): in the
 * event's transaction each one gets the username and its catalog.podcast.updated, saying where the feed was. The
 * podcast:guid stays as it is. A repeated event finds every podcast already moved and announces nothing.
 */
@Injectable()
export class MoveFeedsOnUsernameChangedHandler implements EventHandler<Definition> {
  readonly definition = identityEvents.usernameChanged;

  constructor(private readonly outbox: Outbox) {}

  async handle(
    { userId, username }: PayloadOf<Definition>,
    { em }: EventHandlerContext<Definition>,
  ): Promise<void> {
    // A podcast created before its owner had a username (/feeds/podcast/{id}.xml) moves too.
    const podcasts = await em.find(Podcast, {
      ownerId: userId,
      $or: [{ ownerUsername: { $ne: username } }, { ownerUsername: null }],
    });
    for (const podcast of podcasts) {
      const before = feedAddressOf(podcast);
      podcast.ownerUsername = username;
      this.outbox.add(em, catalogEvents.podcastUpdated, podcastUpdatedPayload(podcast, before));
    }
    await em.flush();
  }
}
