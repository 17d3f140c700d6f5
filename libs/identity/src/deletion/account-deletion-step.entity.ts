import { OptionalProps, PrimaryKeyProp } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { DeletionStep, ServiceName } from '@castbase/contracts';
import { AccountDeletion } from './account-deletion.entity.js';

/** One service's part of a deletion: pending until the service reports what it erased. */
@Entity({ tableName: 'account_deletion_steps' })
export class AccountDeletionStep {
  [PrimaryKeyProp]?: ['deletion', 'service'];
  [OptionalProps]?: 'status' | 'removed' | 'completedAt';

  @ManyToOne({ entity: () => AccountDeletion, primary: true, deleteRule: 'cascade' })
  deletion!: AccountDeletion;

  @PrimaryKey({ type: 'text' })
  service!: ServiceName;

  @Property({ type: 'text' })
  status: 'pending' | 'done' = 'pending';

  /** Counts by kind ('podcasts', 'files', ...): never what the rows held. */
  @Property({ type: 'jsonb' })
  removed: Record<string, number> = {};

  @Property({ type: 'timestamptz', nullable: true })
  completedAt: Date | null = null;

  done(removed: Record<string, number>, at: Date): void {
    this.status = 'done';
    this.removed = removed;
    this.completedAt = at;
  }

  toDto(): DeletionStep {
    return {
      service: this.service,
      status: this.status,
      removed: this.removed,
      completedAt: this.completedAt?.toISOString() ?? null,
    };
  }
}
