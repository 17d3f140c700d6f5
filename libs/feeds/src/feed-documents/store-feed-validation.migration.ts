import { Migration } from '@mikro-orm/migrations';

/**
 * The generator's own validation report (spec 2 §5 "Feed generator validation") is kept with each podcast's RSS
 * status. Every generated podcast is counted as having heard one more change, so the service generates it on start
 * and the report is there from then on.
 */
export class StoreFeedValidation extends Migration {
  override up(): void {
    this.addSql('alter table feed_podcasts add column validation jsonb');
    this.addSql('update feed_podcasts set changes_heard = changes_heard + 1 where generated_at is not null');
  }

  override down(): void {
    this.addSql('alter table feed_podcasts drop column if exists validation');
  }
}
