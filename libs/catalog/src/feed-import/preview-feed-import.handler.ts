import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { feedImportRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import { MessageBus, type RequestHandler } from '@castbase/platform-messaging';
import { FeedImportSource } from './feed-import-source.js';
import { lockedProblem, planProblem } from './feed-import-rules.js';

type Definition = typeof feedImportRequests.preview;

/** What an import of the feed would create, and why it would be refused (locked, over the plan), before anything is. */
@Injectable()
export class PreviewFeedImportHandler implements RequestHandler<Definition> {
  readonly definition = feedImportRequests.preview;

  constructor(
    private readonly em: EntityManager,
    private readonly bus: MessageBus,
    private readonly source: FeedImportSource,
  ) {}

  async handle({ userId, email, url }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const feed = await this.source.read(url);
    const { podcast, episodes } = feed;
    const problem =
      lockedProblem(podcast, email) ??
      (await planProblem(this.em.fork(), this.bus, userId, episodes.length))?.message;
    return {
      feedUrl: url,
      title: podcast.name,
      description: podcast.description,
      author: podcast.author,
      artworkUrl: podcast.artworkUrl,
      language: podcast.language,
      category: podcast.category,
      episodeCount: episodes.length,
      episodesWithMedia: episodes.filter((episode) => episode.enclosure).length,
      podcastGuid: podcast.podcastGuid,
      locked: podcast.locked,
      ownerEmail: podcast.lockOwnerEmail,
      problem: problem ?? null,
    };
  }
}
