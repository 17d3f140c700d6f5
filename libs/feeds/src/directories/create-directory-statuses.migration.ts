import { Migration } from '@mikro-orm/migrations';

/** What each directory last told a podcast's owner (spec 2 §4 "Directory status"); no row: not submitted. */
export class CreateDirectoryStatuses extends Migration {
  override up(): void {
    this.addSql(`
      create table directory_statuses (
        podcast_id uuid not null,
        directory_id text not null,
        status text not null,
        submitted_at timestamptz null,
        last_checked timestamptz null,
        constraint directory_statuses_pkey primary key (podcast_id, directory_id),
        constraint directory_statuses_status_check check (status in ('not_submitted', 'pending_submission', 'submitted', 'under_review', 'approved', 'rejected', 'delisted'))
      )`);
  }

  override down(): void {
    this.addSql('drop table if exists directory_statuses');
  }
}
