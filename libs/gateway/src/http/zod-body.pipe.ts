import { Injectable, type PipeTransform } from '@nestjs/common';
import { cleanTextDeep, DomainError, type ErrorCode } from '@castbase/contracts';
import type { z } from 'zod';

/**
 * Validates a request body (or param) with a contract schema, after dropping characters no service can store; failures are 400 VALIDATION_FAILED with each issue.
 * Given another `errorCode`, a failure is that code with its catalogue message alone.
 */
@Injectable()
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(
    private readonly schema: S,
    private readonly errorCode: ErrorCode = 'VALIDATION_FAILED',
  ) {}

  transform(value: unknown): z.output<S> {
    // Text PostgreSQL or XML cannot hold (NUL, other control characters, lone surrogates) is dropped first.
    const result = this.schema.safeParse(cleanTextDeep(value));
    if (result.success) return result.data;
    if (this.errorCode !== 'VALIDATION_FAILED') throw new DomainError(this.errorCode);
    const issues = result.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    const first = issues[0];
    throw new DomainError(
      'VALIDATION_FAILED',
      first ? `${first.path ? `${first.path}: ` : ''}${first.message}` : undefined,
      { issues },
    );
  }
}
