import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  DomainError,
  identityEvents,
  identityRequests,
  type ParsedRequestOf,
  type ReplyOf,
} from '@castbase/contracts';
import { Outbox, type RequestHandler } from '@castbase/platform-messaging';
import { latestDeletion } from './account-deletion.repository.js';
import { DeletionStatusReader } from './deletion-status.js';

type Definition = typeof identityRequests.retryDeletion;

/**
 * Asks every service again: a new `identity.user.deletion-requested` for the same deletion. Services that already
 * erased find nothing left and report again; identity keeps their first report. A completed deletion is left as is.
 */
@Injectable()
export class RetryDeletionHandler implements RequestHandler<Definition> {
  readonly definition = identityRequests.retryDeletion;

  constructor(
    private readonly em: EntityManager,
    private readonly outbox: Outbox,
    private readonly statusReader: DeletionStatusReader,
  ) {}

  async handle({ userId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    return this.em.fork().transactional(async (em) => {
      const deletion = await latestDeletion(em, userId, LockMode.PESSIMISTIC_WRITE);
      if (!deletion) throw new DomainError('DELETION_NOT_FOUND');
      if (deletion.status === 'completed') return this.statusReader.read(em, deletion);
      const now = new Date();
      deletion.retried(now);
      this.outbox.add(em, identityEvents.userDeletionRequested, {
        deletionId: deletion.id,
        userId,
        requestedAt: deletion.requestedAt.toISOString(),
      });
      await em.flush();
      return this.statusReader.read(em, deletion, now);
    });
  }
}
