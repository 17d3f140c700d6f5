import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';

/** A local account of the built-in provider. Its id is the subject of every token issued to it. */
@Entity({ tableName: 'accounts' })
export class Account {
  [OptionalProps]?: 'id' | 'emailVerified' | 'failedSignIns' | 'lockedUntil' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** Lower-cased. */
  @Unique({ name: 'accounts_email_unique' })
  @Property({ type: 'text' })
  email!: string;

  /** argon2id, PHC string format. */
  @Property({ type: 'text' })
  passwordHash!: string;

  @Property({ type: 'boolean' })
  emailVerified = false;

  /** Wrong passwords in a row, from any address; a correct one or a password reset clears it. */
  @Property({ type: 'integer' })
  failedSignIns = 0;

  @Property({ type: 'timestamptz', nullable: true })
  lockedUntil: Date | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
