import type { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '@castbase/contracts';
import { AccountDeletionStep } from './account-deletion-step.entity.js';
import { AccountDeletion } from './account-deletion.entity.js';
import { subjectHash } from './subject-hash.js';

/** The user's most recent deletion, completed or not, found by the hash of the id (so also after completion). */
export function latestDeletion(
  em: EntityManager,
  userId: string,
  lockMode?: LockMode.PESSIMISTIC_WRITE,
): Promise<AccountDeletion | null> {
  return em.findOne(
    AccountDeletion,
    { subjectHash: subjectHash(userId) },
    { orderBy: { requestedAt: 'desc' }, ...(lockMode ? { lockMode } : {}) },
  );
}

/** The user's deletion that has not completed; at most one exists (a partial unique index sees to it). */
export function openDeletion(em: EntityManager, userId: string): Promise<AccountDeletion | null> {
  return em.findOne(AccountDeletion, { subjectHash: subjectHash(userId), status: 'in_progress' });
}

/** Profile and settings writes are refused while the account is being deleted: they would be erased anyway. */
export async function refuseWhileDeleting(em: EntityManager, userId: string): Promise<void> {
  if (await openDeletion(em, userId)) throw new DomainError('DELETION_IN_PROGRESS');
}

export function deletionSteps(em: EntityManager, deletionId: string): Promise<AccountDeletionStep[]> {
  return em.find(AccountDeletionStep, { deletion: deletionId });
}
