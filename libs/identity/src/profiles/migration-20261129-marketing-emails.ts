import { Migration } from '@mikro-orm/migrations';

/**
 * Onboarding's e-mail opt-in (`user_profiles.email_opt_in`) and the privacy settings' `marketingEmails` become one
 * preference, kept in the settings. An opt-in with no settings row becomes one; where both were stored and disagree,
 * off wins: a marketing e-mail needs a yes that neither place took back.
 */
export class MarketingEmailsOnePreference extends Migration {
  override async up(): Promise<void> {
    this.addSql(`insert into user_settings (user_id, notifications, privacy, theme, updated_at)
      select p.id, '{}'::jsonb, '{"marketingEmails": true}'::jsonb, 'system', now() from user_profiles p
      where p.email_opt_in and not exists (select 1 from user_settings s where s.user_id = p.id)`);
    this.addSql(`update user_settings s set privacy = s.privacy || '{"marketingEmails": false}'::jsonb
      from user_profiles p where p.id = s.user_id and not p.email_opt_in`);
    this.addSql('alter table user_profiles drop column email_opt_in');
  }

  override async down(): Promise<void> {
    this.addSql('alter table user_profiles add column email_opt_in boolean not null default false');
    this.addSql(`update user_profiles p set email_opt_in = true from user_settings s
      where s.user_id = p.id and (s.privacy ->> 'marketingEmails')::boolean`);
  }
}
