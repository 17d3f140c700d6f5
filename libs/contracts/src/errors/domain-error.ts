import { errorCatalogue, type ErrorCode } from './error-codes.js';

/** An expected failure with a stable code. Safe to cross the bus and to show to a person. */
export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly code: ErrorCode,
    message: string = errorCatalogue[code].message,
    readonly details?: unknown,
  ) {
    super(message);
  }

  get status(): number {
    return errorCatalogue[this.code].status;
  }

  toJSON(): { code: ErrorCode; message: string; details?: unknown } {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
