import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { ErasingService, UserDataErased } from '@castbase/contracts';
import { AccountDeletionStep } from './account-deletion-step.entity.js';
import { AccountDeletion } from './account-deletion.entity.js';
import { IdentityDataEraser } from './identity-data-eraser.js';

/**
 * Identity's side of the account deletion saga: it records each service's report and, once every other service
 * has erased, erases identity's own data and completes the deletion — all in the report's transaction.
 */
@Injectable()
export class DeletionSaga {
  constructor(private readonly identityData: IdentityDataEraser) {}

  async recordErasure(em: EntityManager, service: ErasingService, report: UserDataErased): Promise<void> {
    // Locked: reports of two services arriving together are applied one after the other, so the later one sees
    // the earlier one's step done and the deletion completes exactly once.
    const deletion = await em.findOne(
      AccountDeletion,
      { id: report.deletionId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!deletion || deletion.status === 'completed') return;
    const step = await em.findOne(AccountDeletionStep, { deletion, service });
    // A second report (after a retry) keeps the first one's counts.
    if (!step || step.status === 'done') return;
    step.done(report.removed, new Date(report.erasedAt));
    await em.flush();
    const waiting = await em.count(AccountDeletionStep, {
      deletion,
      service: { $ne: 'identity' },
      status: 'pending',
    });
    if (waiting === 0) await this.complete(em, deletion);
  }

  private async complete(em: EntityManager, deletion: AccountDeletion): Promise<void> {
    // The table's check constraint keeps the user id on every deletion that has not completed.
    if (!deletion.userId) throw new Error(`Deletion ${deletion.id} is open but holds no user id`);
    const now = new Date();
    const removed = await this.identityData.erase(em, deletion.userId);
    const identityStep = await em.findOneOrFail(AccountDeletionStep, {
      deletion,
      service: 'identity',
    });
    identityStep.done(removed, now);
    deletion.completed(now);
    await em.flush();
  }
}
