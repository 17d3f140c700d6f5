import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** An e-mail kept in the database because no SMTP server is configured (shown on /oidc/mail where enabled). */
@Entity({ tableName: 'sent_mail' })
export class SentMail {
  [OptionalProps]?: 'id' | 'accountId' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Index({ name: 'sent_mail_account_id_index' })
  @Property({ type: 'uuid', nullable: true })
  accountId: string | null = null;

  @Property({ type: 'text' })
  toAddress!: string;

  @Property({ type: 'text' })
  subject!: string;

  @Property({ type: 'text' })
  textBody!: string;

  @Property({ type: 'text' })
  htmlBody!: string;

  @Index({ name: 'sent_mail_created_at_index' })
  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
