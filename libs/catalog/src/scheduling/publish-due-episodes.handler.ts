import { Injectable } from '@nestjs/common';
import { catalogRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { PublishDueEpisodes } from './publish-due-episodes.js';

type Definition = typeof catalogRequests.publishDueEpisodes;

/**
 * `catalog.episode.publish-due`: the publish-due routine on demand (the catalog's own timer calls it directly).
 * It takes no caller: it publishes only what its creators scheduled, and answers only a count.
 */
@Injectable()
export class PublishDueEpisodesHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.publishDueEpisodes;

  constructor(private readonly publishDue: PublishDueEpisodes) {}

  async handle(_request: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    return { published: await this.publishDue.execute() };
  }
}
