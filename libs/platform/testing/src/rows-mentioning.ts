import pg from 'pg';

export interface RowsMentioning {
  schema: string;
  table: string;
  rows: number;
}

/**
 * Every table (of the given schemas, else of every non-system schema) with rows whose text form contains one of
 * `needles`, case-insensitively: how tests prove that nothing of a deleted user is left anywhere.
 */
export async function findRowsMentioning(
  databaseUrl: string,
  needles: readonly string[],
  schemas?: readonly string[],
): Promise<RowsMentioning[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ table_schema: string; table_name: string }>(
      `select table_schema, table_name from information_schema.tables
        where table_type = 'BASE TABLE'
          and table_schema not in ('pg_catalog', 'information_schema')
          and ($1::text[] is null or table_schema = any($1::text[]))
        order by table_schema, table_name`,
      [schemas ?? null],
    );
    const found: RowsMentioning[] = [];
    for (const { table_schema: schema, table_name: table } of tables) {
      const { rows } = await client.query<{ n: string }>(
        `select count(*) as n from ${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(table)} t
          where exists (select 1 from unnest($1::text[]) needle where t::text ilike '%' || needle || '%')`,
        [needles],
      );
      const count = Number(rows[0]?.n ?? 0);
      if (count > 0) found.push({ schema, table, rows: count });
    }
    return found;
  } finally {
    await client.end();
  }
}
