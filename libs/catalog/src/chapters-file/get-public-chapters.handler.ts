import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  chaptersFileKey,
  DomainError,
  publicChaptersRequests,
  type ParsedRequestOf,
  type ReplyOf,
} from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { Episode } from '../episodes/episode.entity.js';

type Definition = typeof publicChaptersRequests.getPublicChapters;

/**
 * `/api/chapters/{episodeId}.json` for anyone: the stored file of a published episode that has chapters. Drafts,
 * scheduled and missing episodes are EPISODE_NOT_FOUND alike. A private podcast's episodes are answered too: their
 * feed links the file for the subscribers' apps, and the id (a random UUID) is only in that feed.
 */
@Injectable()
export class GetPublicChaptersHandler implements RequestHandler<Definition> {
  readonly definition = publicChaptersRequests.getPublicChapters;

  constructor(private readonly em: EntityManager) {}

  async handle({ episodeId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const episode = await this.em.fork().findOne(Episode, { id: episodeId, status: 'published' });
    if (!episode || episode.chapters.length === 0) throw new DomainError('EPISODE_NOT_FOUND');
    return { storageKey: chaptersFileKey(episodeId) };
  }
}
