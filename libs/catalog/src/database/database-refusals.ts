import { DriverException } from '@mikro-orm/core';
import { DomainError, errorCatalogue, type ErrorCode } from '@castbase/contracts';

/** The SQLSTATEs spec 2 §8 names, with the error each becomes. */
const REFUSALS_BY_SQLSTATE: Record<string, ErrorCode> = {
  '42501': 'DATABASE_PERMISSION_DENIED',
  '23505': 'EPISODE_TITLE_TAKEN',
  '23503': 'PODCAST_REFERENCE_INVALID',
};

/**
 * A refusal of PostgreSQL as the domain error spec 2 §8 gives it: insufficient privilege, a unique or a foreign key
 * violation by their codes, any other as DATABASE_ERROR 'Database error: {message}'. Anything that is not the
 * database's answer (a DomainError, a bug) is returned as it is.
 */
export function databaseRefusal(error: unknown): unknown {
  if (!(error instanceof DriverException)) return error;
  const code = REFUSALS_BY_SQLSTATE[error.code ?? ''];
  if (code) return new DomainError(code);
  // PostgreSQL's own sentence only: the lines after it (the failing row, the statement) are not for the person.
  const [sentence] = error.message.split('\n');
  return new DomainError('DATABASE_ERROR', `${errorCatalogue.DATABASE_ERROR.message}: ${sentence?.trim()}`);
}

/** Runs a write, answering the database's refusals with the errors of spec 2 §8 instead of a 500. */
export async function withDatabaseRefusals<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw databaseRefusal(error);
  }
}
