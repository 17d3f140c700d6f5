import { Migration } from '@mikro-orm/migrations';

/**
 * A podcast's last feed test goes with its RSS status: deleting the podcast's feeds (podcast deleted, account erased)
 * deletes it too. Results of podcasts whose feeds are gone already are removed first.
 */
export class FeedTestResultsFollowPodcast extends Migration {
  override up(): void {
    this.addSql(
      'delete from feed_test_results where podcast_id not in (select podcast_id from feed_podcasts)',
    );
    this.addSql(`
      alter table feed_test_results
        add constraint feed_test_results_podcast_id_fkey
        foreign key (podcast_id) references feed_podcasts (podcast_id) on delete cascade`);
  }

  override down(): void {
    this.addSql('alter table feed_test_results drop constraint if exists feed_test_results_podcast_id_fkey');
  }
}
