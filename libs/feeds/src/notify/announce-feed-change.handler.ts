import { Injectable } from '@nestjs/common';
import { feedsEvents, type PayloadOf } from '@castbase/contracts';
import type { EventHandler, EventHandlerContext } from '@castbase/platform-messaging';
import { FeedChangeAnnouncer } from './feed-change-announcer.js';

type Definition = typeof feedsEvents.feedRegenerated;

/**
 * Changes older than this are not announced. A new durable consumer starts at the beginning of the stream (JetStream
 * keeps every event), so the first deployment of this handler would otherwise ping hubs and Podping for every feed
 * change ever made; a day still covers any outage of the service.
 */
export const MAX_ANNOUNCEMENT_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Tells WebSub hubs and Podping when a public feed's bytes changed (issue 11 item 6). The service's durable consumer
 * delivers `feeds.feed.regenerated` once per event id; the announcement leaves when that is recorded, in the
 * background. A private podcast's feeds, a rendering that changed nothing and a change over a day old are never
 * announced.
 */
@Injectable()
export class AnnounceFeedChangeHandler implements EventHandler<Definition> {
  readonly definition = feedsEvents.feedRegenerated;

  constructor(private readonly announcer: FeedChangeAnnouncer) {}

  async handle(
    payload: PayloadOf<Definition>,
    { em, envelope }: EventHandlerContext<Definition>,
  ): Promise<void> {
    if (!payload.changed || payload.private || payload.changedUrls.length === 0) return;
    if (Date.now() - Date.parse(envelope.occurredAt) > MAX_ANNOUNCEMENT_AGE_MS) return;
    this.announcer.announceAfterCommit(em, {
      podcastId: payload.podcastId,
      feedUrls: payload.changedUrls,
      medium: payload.medium ?? 'podcast',
    });
  }
}
