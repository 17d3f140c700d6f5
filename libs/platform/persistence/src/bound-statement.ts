import type { EntityManager } from '@mikro-orm/postgresql';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';

/**
 * Runs `sql` with its parameters (`$1`, `$2`, …) bound by PostgreSQL, in the entity manager's transaction when it is in
 * one, and answers the rows. MikroORM's `connection.execute` first writes every parameter into the statement's text in
 * JavaScript (`Platform.formatQuery`, `quoteValue`): for a statement of thousands of values, such as an insert of 500
 * rows of 15 columns, that took more of the process's time than anything else on the way (profiled in the all-in-one
 * process under feed traffic: a fifth of its busy time).
 */
export async function executeBound<Row = Record<string, unknown>>(
  em: EntityManager,
  sql: string,
  parameters: readonly unknown[] = [],
): Promise<Row[]> {
  const executor: Kysely<unknown> | Transaction<unknown> =
    em.getTransactionContext<Transaction<unknown>>() ?? em.getConnection().getClient<unknown>();
  const result = await executor.executeQuery<Row>(CompiledQuery.raw(sql, [...parameters]));
  return result.rows;
}

/**
 * A statement written with `?` placeholders (as MikroORM's `execute` takes them) with PostgreSQL's numbered ones
 * instead, for `executeBound`. Every `?` is a placeholder: none may appear in a literal or an operator.
 */
export function numberedPlaceholders(sql: string): string {
  let index = 0;
  return sql.replace(/\?/g, () => `$${++index}`);
}

/**
 * Bytes in bytea's text form (`\x` and hex), for rows sent to PostgreSQL as one JSON parameter
 * (`json_populate_recordset(null::table, $1::json)`), which reads each value as its column's text form.
 */
export function byteaText(bytes: Buffer): string;
export function byteaText(bytes: Buffer | null): string | null;
export function byteaText(bytes: Buffer | null): string | null {
  return bytes === null ? null : `\\x${bytes.toString('hex')}`;
}
