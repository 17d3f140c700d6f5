import { Migration } from '@mikro-orm/migrations';

/**
 * The users whose analytics an account deletion erased, and their podcasts: a download journaled before the erasure
 * and written after it (a replayed journal segment, or a COPY still under way) is left out or swept away by them.
 */
export class CreateErasedOwners extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table erased_owners (
        owner_id text primary key,
        podcast_ids uuid[] not null,
        erased_at timestamptz not null default now()
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table erased_owners');
  }
}
