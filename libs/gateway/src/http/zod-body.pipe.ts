import { Injectable, type PipeTransform } from '@nestjs/common';
import { DomainError } from '@castbase/contracts';
import type { z } from 'zod';

/** Validates a request body (or param) with a contract schema; failures are 400 VALIDATION_FAILED with each issue. */
@Injectable()
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    const result = this.schema.safeParse(value);
    if (result.success) return result.data;
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
