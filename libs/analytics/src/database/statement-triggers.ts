// Statement-level triggers with transition tables, and the functions that rebuild what they keep, as the rollup
// migrations (20261127000100 to 000300) make them. Part of those migrations: change it only by a new migration.

export type Change = 'insert' | 'delete' | 'update';

const CHANGES: readonly Change[] = ['insert', 'delete', 'update'];

/**
 * For each kind of change, `analytics.<table>_rollup_<change>()` and its trigger `AFTER <change> ON analytics.<table>
 * FOR EACH STATEMENT`, the statement's rows being `old_<rows>` and `new_<rows>`. The function runs
 * `statements(change)` in order; with `forget`, a delete that leaves podcasts without any row first hands them, as
 * `gone`, to `forget` (which drops their rollups at once; the statements leave them out). `locked` is there for a
 * statement that locks rows (`select count(*) into locked from (... for update)`).
 */
export function statementTriggersSql(
  table: string,
  rows: string,
  statements: (change: Change) => string[],
  forget?: string,
): string[] {
  const transitions: Record<Change, string> = {
    insert: `referencing new table as new_${rows}`,
    delete: `referencing old table as old_${rows}`,
    update: `referencing old table as old_${rows} new table as new_${rows}`,
  };
  return CHANGES.flatMap((change) => {
    const gone =
      forget && change === 'delete'
        ? `select coalesce(array_agg(p), '{}') into gone from (
             select distinct o.podcast_id as p from old_${rows} o
              where not exists (select 1 from analytics.${table} x where x.podcast_id = o.podcast_id)) g;
           if cardinality(gone) > 0 then ${forget} end if;`
        : '';
    return [
      `create function analytics.${table}_rollup_${change}() returns trigger language plpgsql as $body$
        declare
          gone uuid[] := '{}';
          locked bigint;
        begin
          ${gone}
          ${statements(change)
            .map((statement) => `${statement};`)
            .join('\n')}
          return null;
        end
        $body$`,
      `create trigger ${table}_rollup_${change} after ${change} on analytics.${table}
         ${transitions[change]} for each statement execute function analytics.${table}_rollup_${change}()`,
    ];
  });
}

/**
 * `analytics.<table>_rollup_<change>()` made anew with `statements` (its trigger, from `statementTriggersSql`, stays):
 * for a migration that changes what a kind of change does to the rollups. Without `gone` and `locked`, which only a
 * delete's forgetting and a locking statement use.
 */
export function replacedTriggerFunctionSql(
  table: string,
  change: Change,
  statements: readonly string[],
): string {
  return `create or replace function analytics.${table}_rollup_${change}() returns trigger language plpgsql as $body$
    begin
      ${statements.map((statement) => `${statement};`).join('\n')}
      return null;
    end
    $body$`;
}

/**
 * `analytics.<name>()`: empties `tables` and runs `statements`, which make them again from `analytics.<source>`, under a
 * lock that keeps its writers out meanwhile; given memory enough to aggregate without spilling to disk.
 */
export function rebuildFunctionSql(
  name: string,
  source: string,
  tables: readonly string[],
  statements: readonly string[],
): string {
  return `create function analytics.${name}() returns void language plpgsql set work_mem = '1GB' as $body$
    begin
      lock table analytics.${source} in share mode;
      truncate ${tables.join(', ')};
      ${statements.map((statement) => `${statement};`).join('\n')}
    end
    $body$`;
}
