import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { NotificationKind } from '@castbase/contracts';

/**
 * One notification e-mail to one creator, queued in the transaction of what caused it and sent by the
 * NotificationMailSender after. Unique per kind, cause (`dedupeKey`: an episode's id, a podcast's week) and recipient,
 * so an event delivered twice, or a weekly report asked for by two replicas, queues one e-mail. The migration adds a
 * partial index of the unsent ones by `nextAttemptAt`, which the sender reads.
 */
@Entity({ tableName: 'notification_mails' })
@Unique({ name: 'notification_mails_cause_unique', properties: ['kind', 'dedupeKey', 'userId'] })
export class NotificationMail {
  [OptionalProps]?: 'id' | 'createdAt' | 'sentAt' | 'attempts' | 'lastError' | 'nextAttemptAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Index({ name: 'notification_mails_user_id_index' })
  @Property({ type: 'text' })
  userId!: string;

  @Property({ type: 'text' })
  kind!: NotificationKind;

  @Property({ type: 'text' })
  dedupeKey!: string;

  @Property({ type: 'text' })
  toAddress!: string;

  @Property({ type: 'text' })
  subject!: string;

  @Property({ type: 'text' })
  textBody!: string;

  @Property({ type: 'text' })
  htmlBody!: string;

  /** The one-click address of `List-Unsubscribe` (RFC 8058), the gateway's endpoint with the link's token. */
  @Property({ type: 'text' })
  unsubscribeUrl!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  sentAt: Date | null = null;

  @Property({ type: 'integer' })
  attempts = 0;

  @Property({ type: 'timestamptz' })
  nextAttemptAt: Date = new Date();

  @Property({ type: 'text', nullable: true })
  lastError: string | null = null;
}
