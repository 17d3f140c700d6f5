import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { identityEvents, identityRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import { Outbox, type RequestHandler } from '@castbase/platform-messaging';
import { violatesUniqueConstraint } from '@castbase/platform-persistence';
import { AccountDeletionStep } from './account-deletion-step.entity.js';
import { AccountDeletion } from './account-deletion.entity.js';
import { openDeletion } from './account-deletion.repository.js';
import { DELETION_STEP_SERVICES, DeletionStatusReader } from './deletion-status.js';
import { subjectHash } from './subject-hash.js';

type Definition = typeof identityRequests.requestDeletion;

/**
 * Starts the account deletion saga: the deletion, a pending step per service and `identity.user.deletion-requested`
 * commit together. Asking again while one runs answers with that one.
 */
@Injectable()
export class RequestDeletionHandler implements RequestHandler<Definition> {
  readonly definition = identityRequests.requestDeletion;

  constructor(
    private readonly em: EntityManager,
    private readonly outbox: Outbox,
    private readonly statusReader: DeletionStatusReader,
  ) {}

  async handle({ userId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    try {
      return await this.start(userId);
    } catch (error) {
      // A second request made at the same moment: the partial unique index lets only one open deletion exist.
      if (!violatesUniqueConstraint(error, 'account_deletions_one_open_per_subject')) throw error;
      return this.start(userId);
    }
  }

  private start(userId: string): Promise<ReplyOf<Definition>> {
    return this.em.fork().transactional(async (em) => {
      const running = await openDeletion(em, userId);
      if (running) return this.statusReader.read(em, running);
      const now = new Date();
      const deletion = em.create(AccountDeletion, {
        subjectHash: subjectHash(userId),
        userId,
        requestedAt: now,
        lastAttemptAt: now,
      });
      const steps = DELETION_STEP_SERVICES.map((service) =>
        em.create(AccountDeletionStep, { deletion, service }),
      );
      this.outbox.add(em, identityEvents.userDeletionRequested, {
        deletionId: deletion.id,
        userId,
        requestedAt: now.toISOString(),
      });
      await em.flush();
      return this.statusReader.describe(deletion, steps, now);
    });
  }
}
