import { UniqueConstraintViolationException } from '@mikro-orm/core';

/**
 * Whether `error` is PostgreSQL refusing a write at the unique constraint or index `constraintName`: how a
 * check-then-write learns that a concurrent writer committed the same key first.
 */
export function violatesUniqueConstraint(error: unknown, constraintName: string): boolean {
  return (
    error instanceof UniqueConstraintViolationException &&
    (error as { constraint?: unknown }).constraint === constraintName
  );
}
