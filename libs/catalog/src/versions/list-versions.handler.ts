import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { catalogRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { requireEpisodeRole } from '../access/podcast-access.js';
import { EpisodeVersion } from './episode-version.entity.js';

type Definition = typeof catalogRequests.listVersions;

/** An episode's history, newest first, for anyone with a role on its podcast. */
@Injectable()
export class ListVersionsHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.listVersions;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
  ) {}

  async handle({ userId, episodeId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const em = this.em.fork();
    await requireEpisodeRole(em, userId, episodeId, 'view');
    const versions = await em.find(EpisodeVersion, { episodeId }, { orderBy: { versionNumber: 'desc' } });
    return { items: versions.map((version) => version.toDto(this.storage)) };
  }
}
