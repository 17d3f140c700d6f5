import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { identityRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { latestDeletion } from './account-deletion.repository.js';
import { DeletionStatusReader } from './deletion-status.js';

type Definition = typeof identityRequests.getDeletion;

/** The caller's latest deletion, found by the hash of their id: it still answers once the profile is gone. */
@Injectable()
export class GetDeletionHandler implements RequestHandler<Definition> {
  readonly definition = identityRequests.getDeletion;

  constructor(
    private readonly em: EntityManager,
    private readonly statusReader: DeletionStatusReader,
  ) {}

  async handle({ userId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const em = this.em.fork();
    const deletion = await latestDeletion(em, userId);
    return { deletion: deletion ? await this.statusReader.read(em, deletion) : null };
  }
}
