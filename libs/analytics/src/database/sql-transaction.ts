import type { EntityManager } from '@mikro-orm/postgresql';

/** A statement with `?` parameters, answering its rows. */
export type Sql = (sql: string, parameters?: unknown[]) => Promise<Array<Record<string, unknown>>>;

/** Runs `work` in a transaction of its own (a fork of `em`), with a `sql` that runs statements in it. */
export function inTransaction<T>(em: EntityManager, work: (sql: Sql) => Promise<T>): Promise<T> {
  return em.fork().transactional(async (forked) => {
    const connection = forked.getConnection();
    return work((text, parameters = []) =>
      connection.execute<Array<Record<string, unknown>>>(
        text,
        parameters,
        'all',
        forked.getTransactionContext(),
      ),
    );
  });
}
