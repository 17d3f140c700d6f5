import { createHash } from 'node:crypto';

/** What a deletion is filed under: sha256 hex of the user id, so the record outlives the id it erased. */
export function subjectHash(userId: string): string {
  return createHash('sha256').update(userId, 'utf8').digest('hex');
}
