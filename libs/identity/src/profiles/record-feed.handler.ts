import { LockMode } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { feedsEvents, type PayloadOf } from '@castbase/contracts';
import type { EventContext, EventHandler } from '@castbase/platform-messaging';
import { findProfile } from './user-profile.repository.js';

type Definition = typeof feedsEvents.feedRegenerated;

/** Keeps the profile's RSS status (Account Settings: Active or Not generated) in step with the feeds service. */
@Injectable()
export class RecordFeedHandler implements EventHandler<Definition> {
  readonly definition = feedsEvents.feedRegenerated;

  async handle(payload: PayloadOf<Definition>, { em }: EventContext<Definition>): Promise<void> {
    const profile = await findProfile(em, payload.ownerId, LockMode.PESSIMISTIC_WRITE);
    if (!profile) return;
    profile.recordFeed(payload.url, new Date(payload.generatedAt));
    await em.flush();
  }
}
