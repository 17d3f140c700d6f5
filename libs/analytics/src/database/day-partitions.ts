import type { Sql } from './sql-transaction.js';

/** The raw event tables partitioned by UTC day, and the column they are partitioned on. */
export const DAY_PARTITIONED_TABLES = {
  download_requests: 'occurred_at',
  feed_requests: 'requested_at',
} as const;
export type DayPartitionedTable = keyof typeof DAY_PARTITIONED_TABLES;

const DAY_MS = 86_400_000;

/** `<table>_YYYYMMDD` for the UTC day starting at `dayStartMs`. */
export function dayPartitionName(table: DayPartitionedTable, dayStartMs: number): string {
  return `${table}_${new Date(dayStartMs).toISOString().slice(0, 10).replaceAll('-', '')}`;
}

/**
 * Makes the table's partitions of `days` UTC days from `firstDayMs` that do not exist yet. A day the default partition
 * holds rows of cannot get one (PostgreSQL refuses): it stays in the default partition, and `onSkipped` says so.
 */
export async function makeDayPartitions(
  sql: Sql,
  table: DayPartitionedTable,
  firstDayMs: number,
  days: number,
  onSkipped: (partition: string) => void,
): Promise<void> {
  const column = DAY_PARTITIONED_TABLES[table];
  for (let day = 0; day < days; day += 1) {
    const start = firstDayMs + day * DAY_MS;
    const name = dayPartitionName(table, start);
    const [exists] = await sql('select to_regclass(?) as name', [`analytics.${name}`]);
    if (exists?.['name']) continue;
    const strays = await sql(
      `select 1 as found from analytics.${table}_default where ${column} >= ? and ${column} < ? limit 1`,
      [new Date(start), new Date(start + DAY_MS)],
    );
    if (strays.length > 0) {
      onSkipped(name);
      continue;
    }
    await sql(
      `create table analytics.${name} partition of analytics.${table}
         for values from ('${new Date(start).toISOString()}') to ('${new Date(start + DAY_MS).toISOString()}')`,
    );
  }
}

/**
 * Drops the table's day partitions that end at or before `beforeMs` (a UTC midnight) and deletes the default
 * partition's rows older than it. Answers whether anything was removed.
 */
export async function dropDayPartitionsBefore(
  sql: Sql,
  table: DayPartitionedTable,
  beforeMs: number,
): Promise<boolean> {
  const partitions = await sql(
    `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = ?::regclass and c.relname ~ ?`,
    [`analytics.${table}`, `^${table}_[0-9]{8}$`],
  );
  let removed = false;
  for (const { name } of partitions as Array<{ name: string }>) {
    const digits = name.slice(table.length + 1);
    const dayStart = Date.parse(
      `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}T00:00:00Z`,
    );
    if (dayStart + DAY_MS > beforeMs) continue;
    await sql(`drop table analytics.${name}`);
    removed = true;
  }
  const column = DAY_PARTITIONED_TABLES[table];
  const [deleted] = await sql(
    `with gone as (delete from analytics.${table}_default where ${column} < ? returning 1) select count(*)::int as n from gone`,
    [new Date(beforeMs)],
  );
  return removed || Number(deleted?.['n'] ?? 0) > 0;
}
