import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ERASING_SERVICES, type DeletionStatus, type ServiceName } from '@castbase/contracts';
import type { AccountDeletionStep } from './account-deletion-step.entity.js';
import type { AccountDeletion } from './account-deletion.entity.js';
import { deletionSteps } from './account-deletion.repository.js';
import { DeletionConfirmationWindow } from './deletion-confirmation-window.js';

/** The steps of a deletion in the order they finish: the other services, then identity's own. */
export const DELETION_STEP_SERVICES: readonly ServiceName[] = [...ERASING_SERVICES, 'identity'];

/** How a deletion reads to its creator: completed, still within its window, or partial past it. */
@Injectable()
export class DeletionStatusReader {
  constructor(private readonly window: DeletionConfirmationWindow) {}

  async read(em: EntityManager, deletion: AccountDeletion, now = new Date()): Promise<DeletionStatus> {
    return this.describe(deletion, await deletionSteps(em, deletion.id), now);
  }

  describe(
    deletion: AccountDeletion,
    steps: readonly AccountDeletionStep[],
    now = new Date(),
  ): DeletionStatus {
    const order = (step: AccountDeletionStep) => DELETION_STEP_SERVICES.indexOf(step.service);
    return {
      deletionId: deletion.id,
      status:
        deletion.status === 'completed'
          ? 'completed'
          : this.window.hasPassedSince(deletion.lastAttemptAt, now)
            ? 'partial'
            : 'in_progress',
      requestedAt: deletion.requestedAt.toISOString(),
      completedAt: deletion.completedAt?.toISOString() ?? null,
      attempts: deletion.attempts,
      steps: [...steps].sort((a, b) => order(a) - order(b)).map((step) => step.toDto()),
    };
  }
}
