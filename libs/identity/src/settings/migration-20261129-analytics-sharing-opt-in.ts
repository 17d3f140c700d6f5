import { Migration } from '@mikro-orm/migrations';

/**
 * Analytics sharing now puts a podcast's figures on its public page, and is opt-in (off by default). A stored
 * choice was made when the switch said "share anonymous usage data" and did nothing: it is no consent to publish
 * figures, so every stored choice is set off, and creators who want their figures shown turn it on again.
 */
export class AnalyticsSharingOptIn extends Migration {
  override async up(): Promise<void> {
    this.addSql(`update user_settings set privacy = privacy || '{"analyticsSharing": false}'::jsonb`);
  }

  override async down(): Promise<void> {
    // The choices before cannot be told apart from the defaults written with them: they stay off.
  }
}
