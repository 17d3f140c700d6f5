import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * One run of the account deletion saga. It is found by the hash of the subject, never by the subject: the raw
 * user id is kept only while the saga runs (identity needs it to erase its own rows last) and is cleared when
 * it completes — the table's check constraint makes "completed" and "no user id" the same thing.
 */
@Entity({ tableName: 'account_deletions' })
@Index({ properties: ['subjectHash', 'requestedAt'] })
export class AccountDeletion {
  [OptionalProps]?: 'id' | 'status' | 'attempts' | 'completedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** sha256 hex of the user id. */
  @Property({ type: 'text' })
  subjectHash!: string;

  /** The user id while the deletion runs; null once it completed. */
  @Property({ type: 'text', nullable: true })
  userId!: string | null;

  @Property({ type: 'text' })
  status: 'in_progress' | 'completed' = 'in_progress';

  /** 1 for the request, +1 per retry. */
  @Property({ type: 'integer' })
  attempts = 1;

  @Property({ type: 'timestamptz' })
  requestedAt!: Date;

  /** The request or the latest retry: the confirmation window runs from here. */
  @Property({ type: 'timestamptz' })
  lastAttemptAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  completedAt: Date | null = null;

  retried(at: Date): void {
    this.attempts += 1;
    this.lastAttemptAt = at;
  }

  completed(at: Date): void {
    this.status = 'completed';
    this.completedAt = at;
    this.userId = null;
  }
}
