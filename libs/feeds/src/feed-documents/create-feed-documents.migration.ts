import { Migration } from '@mikro-orm/migrations';

/** The stored main feed of each podcast. Unqualified names: the service's search_path is its own schema. */
export class CreateFeedDocuments extends Migration {
  override up(): void {
    this.addSql(`
      create table feed_documents (
        podcast_id uuid primary key,
        owner_id text not null,
        username text,
        slug text not null,
        visibility text not null check (visibility in ('public', 'private')),
        xml text not null,
        etag text not null,
        byte_size integer not null check (byte_size >= 0),
        episode_count integer not null check (episode_count >= 0),
        generated_at timestamptz not null
      )`);
    this.addSql('create index feed_documents_slug_idx on feed_documents (slug)');
  }

  override down(): void {
    this.addSql('drop table if exists feed_documents');
  }
}
