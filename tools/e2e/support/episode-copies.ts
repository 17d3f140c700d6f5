import pg from 'pg';
import type { TestDatabase } from '@castbase/platform-testing';

// Many episodes for a test that needs a podcast past some count (the RSS widget's variant selector above 250
// published episodes) but not the way each one was made: copies of one episode the API made, written into the
// catalog's table in one statement. Making them one by one through the API, each publication followed by its feed
// generation, took most of such a test's time.

/**
 * Writes a copy of the episode `sourceId` for each title: every column as the source has it but a new id and guid,
 * the title, and publish, creation and update times one minute earlier per copy (the source stays the newest). The
 * catalog's events are not sent: ask for a feed generation afterwards.
 */
export async function insertEpisodeCopies(
  database: TestDatabase,
  sourceId: string,
  titles: readonly string[],
): Promise<void> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    // Every column PostgreSQL does not generate, so a column a later migration adds is copied too.
    const { rows } = await client.query<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_schema = 'catalog' and table_name = 'episodes' and is_generated = 'NEVER'
        order by ordinal_position`,
    );
    const earlier = (column: string) => `source.${column} - copy.n * interval '1 minute'`;
    const replaced: Record<string, string> = {
      id: 'gen_random_uuid()',
      guid: 'gen_random_uuid()::text',
      title: 'copy.title',
      publish_date: earlier('publish_date'),
      created_at: earlier('created_at'),
      updated_at: earlier('updated_at'),
    };
    const columns = rows.map((row) => row.column_name);
    await client.query(
      `insert into catalog.episodes (${columns.join(', ')})
       select ${columns.map((column) => replaced[column] ?? `source.${column}`).join(', ')}
         from catalog.episodes source, unnest($2::text[]) with ordinality as copy(title, n)
        where source.id = $1`,
      [sourceId, titles],
    );
  } finally {
    await client.end();
  }
}
