import { Migration } from '@mikro-orm/migrations';

/** The queue of notification e-mails (NotificationMail). */
export class CreateNotificationMails extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table notification_mails (
      id uuid primary key,
      user_id text not null,
      kind text not null,
      dedupe_key text not null,
      to_address text not null,
      subject text not null,
      text_body text not null,
      html_body text not null,
      unsubscribe_url text not null,
      created_at timestamptz not null,
      sent_at timestamptz null,
      attempts integer not null default 0,
      next_attempt_at timestamptz not null,
      last_error text null,
      constraint notification_mails_cause_unique unique (kind, dedupe_key, user_id)
    )`);
    this.addSql('create index notification_mails_user_id_index on notification_mails (user_id)');
    this.addSql(
      'create index notification_mails_unsent_index on notification_mails (next_attempt_at) where sent_at is null',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table notification_mails');
  }
}
