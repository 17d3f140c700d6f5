import { Migration } from '@mikro-orm/migrations';

/**
 * What keeps the All Episodes list fast on a podcast with thousands of episodes (see tools/bench/episode-list.mjs).
 *
 * - `search_document`: the title, description and tags in lower case, generated at each write, so a search is one
 *   LIKE on a stored column instead of lowering every row's text at every search. The parts are joined with U+0001,
 *   which the contracts drop from every text a person sends, so a search can never match across two fields.
 * - A trigram index on it when PostgreSQL has pg_trgm (the embedded one and the common managed ones do): a search
 *   then reads only the rows that may match. Without the extension the search still works, reading the podcast's
 *   rows.
 * - An index for the season filter in creation order (seasons follow time).
 * - A summary index holding every filtered column: the counts by status, the seasons, the highest episode number and
 *   the total under the filters are read from the index alone.
 */
export class AddEpisodeSearch extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function episode_search_document(title text, description text, tags jsonb) returns text
        language sql immutable parallel safe
        as $$ select lower(title || chr(1) || description || chr(1)
          || array_to_string(array(select jsonb_array_elements_text(tags)), chr(1))) $$`);
    this.addSql(`
      alter table episodes add column search_document text not null
        generated always as (episode_search_document(title, description, tags)) stored`);
    this.addSql(`
      create index episodes_podcast_id_summary_index on episodes (podcast_id, status, season_number, episode_number)
        include (media_kind, enable_rss, explicit, episode_type)`);
    // Seasons follow time, so the newest episodes of an old season sit far down the creation index: the season
    // filter gets its own, in creation order.
    this.addSql(
      'create index episodes_podcast_id_season_number_created_at_id_index on episodes (podcast_id, season_number, created_at, id)',
    );
    // The extension is created here when it is available and the migration may create it; where a database
    // administrator installed it elsewhere, its schema names the operator class.
    this.addSql(`
      do $$
      declare
        trigram_schema text;
      begin
        if not exists (select 1 from pg_extension where extname = 'pg_trgm')
           and exists (select 1 from pg_available_extensions where name = 'pg_trgm') then
          begin
            create extension pg_trgm with schema catalog;
          exception when insufficient_privilege then
            raise notice 'pg_trgm could not be created: episode searches read the podcast''s rows';
          end;
        end if;
        select extnamespace::regnamespace::text into trigram_schema from pg_extension where extname = 'pg_trgm';
        if trigram_schema is not null then
          execute format(
            'create index episodes_search_document_trigram_index on episodes using gin (search_document %s.gin_trgm_ops)',
            trigram_schema);
        end if;
      end
      $$`);
  }

  override async down(): Promise<void> {
    // pg_trgm stays: something else may use it by now.
    this.addSql('drop index if exists episodes_search_document_trigram_index');
    this.addSql('drop index if exists episodes_podcast_id_summary_index');
    this.addSql('drop index if exists episodes_podcast_id_season_number_created_at_id_index');
    this.addSql('alter table episodes drop column search_document');
    this.addSql('drop function episode_search_document(text, text, jsonb)');
  }
}
