import { Migration } from '@mikro-orm/migrations';

/** The last feed test of each podcast, kept so the RSS widget shows it after a reload. */
export class CreateFeedTestResults extends Migration {
  override up(): void {
    this.addSql(`
      create table feed_test_results (
        podcast_id uuid primary key,
        result jsonb not null,
        tested_at timestamptz not null
      )`);
  }

  override down(): void {
    this.addSql('drop table if exists feed_test_results');
  }
}
