import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Contributor as ContributorDto, ContributorStatus, PodcastRole } from '@castbase/contracts';

/**
 * A person's role on a podcast. The owner has a row too (role owner, always active), so every access check reads
 * this one table. An invitation is pending with only an e-mail until someone with that e-mail is seen signed in.
 * Its unique indexes (one row per user, per e-mail and one owner per podcast) are partial: see the migration.
 */
@Entity({ tableName: 'contributors' })
export class Contributor {
  [OptionalProps]?:
    'id' | 'name' | 'userId' | 'status' | 'invitedBy' | 'invitedAt' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  podcastId!: string;

  /** As typed at the invitation (compared case-insensitively); the owner's e-mail on the owner's row, or ''. */
  @Property({ type: 'text' })
  email!: string;

  /** The person's display name once known. */
  @Property({ type: 'text', nullable: true })
  name: string | null = null;

  /** Set when the invitation is accepted (and from the start on the owner's row). */
  @Property({ type: 'text', nullable: true })
  userId: string | null = null;

  @Property({ type: 'text' })
  role!: PodcastRole;

  @Property({ type: 'text' })
  status: ContributorStatus = 'pending';

  @Property({ type: 'text', nullable: true })
  invitedBy: string | null = null;

  @Property({ type: 'timestamptz' })
  invitedAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  toDto(): ContributorDto {
    return {
      id: this.id,
      podcastId: this.podcastId,
      email: this.email,
      name: this.name,
      userId: this.userId,
      role: this.role,
      status: this.status,
      invitedBy: this.invitedBy,
      invitedAt: this.invitedAt.toISOString(),
      createdAt: this.createdAt.toISOString(),
      updatedAt: this.updatedAt.toISOString(),
    };
  }
}
