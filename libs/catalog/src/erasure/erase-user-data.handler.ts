import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { catalogEvents, ERASED_USER_ID, identityEvents, type PayloadOf } from '@castbase/contracts';
import {
  reportUserErasure,
  Outbox,
  type EventHandler,
  type EventHandlerContext,
} from '@castbase/platform-messaging';
import { Contributor } from '../contributors/contributor.entity.js';
import { Episode } from '../episodes/episode.entity.js';
import { EpisodeVersion } from '../versions/episode-version.entity.js';

type Definition = typeof identityEvents.userDeletionRequested;

/**
 * Catalog's part of account deletion (spec 1 §4): in the event's transaction it deletes the user's podcasts and
 * episodes (with their versions and contributors), the user's roles on other people's podcasts, and every outbox
 * row naming the user, announces each deleted podcast (so feeds drops a feed it may
 * have rendered meanwhile), and reports what it removed. A repeated request finds nothing and reports zeros.
 */
@Injectable()
export class EraseUserDataHandler implements EventHandler<Definition> {
  readonly definition = identityEvents.userDeletionRequested;

  constructor(private readonly outbox: Outbox) {}

  async handle(
    { deletionId, userId }: PayloadOf<Definition>,
    { em }: EventHandlerContext<Definition>,
  ): Promise<void> {
    const episodes = await em.nativeDelete(Episode, { ownerId: userId });
    const podcastIds = await deletePodcasts(em, userId);
    // Their roles on other people's podcasts (their own podcasts' rows went with the podcasts).
    const contributorRoles = await em.nativeDelete(Contributor, { userId });
    // Their saves of other people's episodes stay in those episodes' histories, without their id.
    await em.nativeUpdate(EpisodeVersion, { userId }, { userId: ERASED_USER_ID });
    await reportUserErasure(
      this.outbox,
      em,
      'catalog',
      { deletionId, userId },
      {
        podcasts: podcastIds.length,
        episodes,
        contributorRoles,
      },
    );
    for (const podcastId of podcastIds) this.outbox.add(em, catalogEvents.podcastDeleted, { podcastId });
  }
}

/** Deletes the owner's podcasts and answers exactly the ids deleted, even if one was created meanwhile. */
async function deletePodcasts(em: EntityManager, ownerId: string): Promise<string[]> {
  // Raw: MikroORM's delete builder leaves out `returning`. The schema is the service's (ADR 0002).
  const deleted = await em.execute<Array<{ id: string }>>(
    'delete from catalog.podcasts where owner_id = ? returning id',
    [ownerId],
  );
  return deleted.map((row) => row.id);
}
