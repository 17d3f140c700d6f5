import { PrimaryKeyProp } from '@mikro-orm/core';
import { Check, Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { DirectoryId, DirectoryStatus } from '@castbase/contracts';

/** A podcast's status at one directory, as recorded by its owner or an editor. */
@Entity({ tableName: 'directory_statuses' })
@Check({
  name: 'directory_statuses_status_check',
  expression:
    "status in ('not_submitted', 'pending_submission', 'submitted', 'under_review', 'approved', 'rejected', 'delisted')",
})
export class DirectoryStatusEntity {
  [PrimaryKeyProp]?: ['podcastId', 'directoryId'];

  @PrimaryKey({ type: 'uuid', fieldName: 'podcast_id' })
  podcastId!: string;

  @PrimaryKey({ type: 'text', fieldName: 'directory_id' })
  directoryId!: DirectoryId;

  @Property({ type: 'text' })
  status!: DirectoryStatus;

  @Property({ type: 'timestamptz', fieldName: 'submitted_at', nullable: true })
  submittedAt!: Date | null;

  @Property({ type: 'timestamptz', fieldName: 'last_checked', nullable: true })
  lastChecked!: Date | null;
}
