import { Injectable } from '@nestjs/common';
import { feedsEvents, type PayloadOf } from '@castbase/contracts';
import type { EventHandler, EventHandlerContext } from '@castbase/platform-messaging';
import { FeedChangeAnnouncer } from './feed-change-announcer.js';

type Definition = typeof feedsEvents.feedRegenerated;

/**
 * Tells WebSub hubs and Podping when a public feed's bytes changed (issue 11 item 6). The service's durable consumer
 * delivers `feeds.feed.regenerated` once per event id; the announcement leaves when that is recorded, in the
 * background. A private podcast's feeds and a rendering that changed nothing are never announced.
 */
@Injectable()
export class AnnounceFeedChangeHandler implements EventHandler<Definition> {
  readonly definition = feedsEvents.feedRegenerated;

  constructor(private readonly announcer: FeedChangeAnnouncer) {}

  async handle(payload: PayloadOf<Definition>, { em }: EventHandlerContext<Definition>): Promise<void> {
    if (!payload.changed || payload.private || payload.changedUrls.length === 0) return;
    this.announcer.announceAfterCommit(em, {
      podcastId: payload.podcastId,
      feedUrls: payload.changedUrls,
      medium: payload.medium ?? 'podcast',
    });
  }
}
