import { Injectable, type PipeTransform } from '@nestjs/common';
import { DomainError, requestDeletionInputSchema, type RequestDeletionInput } from '@castbase/contracts';

/** The typed DELETE MY ACCOUNT (any case); anything else is 400 DELETION_NOT_CONFIRMED with the spec's words. */
@Injectable()
export class DeletionConfirmationPipe implements PipeTransform<unknown, RequestDeletionInput> {
  transform(value: unknown): RequestDeletionInput {
    const result = requestDeletionInputSchema.safeParse(value);
    if (!result.success) throw new DomainError('DELETION_NOT_CONFIRMED');
    return result.data;
  }
}
