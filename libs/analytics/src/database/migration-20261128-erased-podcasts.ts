import { Migration } from '@mikro-orm/migrations';

/**
 * The podcasts whose owner's analytics an account deletion erased: a download journaled before the erasure and written
 * after it (a replayed journal segment, or a COPY still under way) is left out or swept away by them. No user id is
 * kept: the podcast ids say enough, and the account is gone.
 */
export class CreateErasedPodcasts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table erased_podcasts (
        podcast_id uuid primary key,
        erased_at timestamptz not null default now()
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table erased_podcasts');
  }
}
