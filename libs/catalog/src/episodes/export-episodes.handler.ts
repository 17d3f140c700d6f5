import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { FilterQuery } from '@mikro-orm/core';
import { catalogRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { Episode } from './episode.entity.js';
import { findOwnedEpisode } from './episode.repository.js';

type Definition = typeof catalogRequests.exportEpisodes;

/**
 * One page of every episode the owner has, across all their podcasts, oldest first (creation time, then id).
 * The cursor is the last episode of the previous page; `next` is set whenever a page came back full, so the
 * page after the last full one may be empty.
 */
@Injectable()
export class ExportEpisodesHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.exportEpisodes;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
  ) {}

  async handle({ ownerId, after, limit }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const em = this.em.fork();
    const cursor = after ? await findOwnedEpisode(em, ownerId, after) : null;
    const where: FilterQuery<Episode> = cursor
      ? {
          ownerId,
          $or: [
            { createdAt: { $gt: cursor.createdAt } },
            { createdAt: cursor.createdAt, id: { $gt: cursor.id } },
          ],
        }
      : { ownerId };
    const episodes = await em.find(Episode, where, { orderBy: { createdAt: 'asc', id: 'asc' }, limit });
    const last = episodes.at(-1);
    return {
      items: episodes.map((episode) => episode.toDto(this.storage)),
      next: episodes.length === limit && last ? last.id : null,
    };
  }
}
