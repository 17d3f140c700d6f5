import { Injectable } from '@nestjs/common';
import { feedsRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { EntityManager } from '@mikro-orm/postgresql';
import { RegenerateFeed } from '../generation/regenerate-feed.usecase.js';

type Definition = typeof feedsRequests.generateFeed;

/** The creator's Generate / Regenerate button: renders the feed now and answers with its status. */
@Injectable()
export class GenerateFeedHandler implements RequestHandler<Definition> {
  readonly definition = feedsRequests.generateFeed;

  constructor(
    private readonly em: EntityManager,
    private readonly regenerateFeed: RegenerateFeed,
  ) {}

  async handle({ ownerId, podcastId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const { status } = await this.em
      .fork()
      .transactional((em) => this.regenerateFeed.execute(em, { podcastId, ownerId }));
    return status;
  }
}
