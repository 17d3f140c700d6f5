import { Injectable } from '@nestjs/common';
import { feedsEvents, type PayloadOf } from '@castbase/contracts';
import type { EventContext, EventHandler } from '@castbase/platform-messaging';
import { Attribution, CountryLookup } from '../attribution/index.js';
import { ListenerKeys } from '../downloads/listener-keys.js';
import { insertFeedRequests } from './feed-request-rows.js';

type Definition = typeof feedsEvents.feedsRequested;

/**
 * Records each request of a `feeds.feed.requested` batch in `feed_requests`, attributed (app, bot filter, country,
 * aggregator's subscriber count) and keyed by the day's hash of its address, which is not kept. The rows commit with
 * the event's processed marker, so a batch delivered twice is recorded once.
 */
@Injectable()
export class FeedsRequestedHandler implements EventHandler<Definition> {
  readonly definition = feedsEvents.feedsRequested;

  constructor(
    private readonly attribution: Attribution,
    private readonly countries: CountryLookup,
    private readonly keys: ListenerKeys,
  ) {}

  async handle(payload: PayloadOf<Definition>, { em }: EventContext<Definition>): Promise<void> {
    const sources = { attribution: this.attribution, countries: this.countries, keys: this.keys };
    await insertFeedRequests(em, payload, sources);
  }
}
