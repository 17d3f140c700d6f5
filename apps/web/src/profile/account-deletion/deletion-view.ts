import { deletionMessages, type DeletionStatus } from '@castbase/contracts';
import { ApiError, errorMessageOf } from '../../shared/api/api-error.js';

/** What the deletion dialog shows, from the deletion's status and the calls made so far. */
export type DeletionView =
  | { kind: 'loading' }
  | { kind: 'confirm' }
  | { kind: 'starting' }
  | { kind: 'running'; deletion: DeletionStatus; pollError: unknown }
  | { kind: 'completed'; deletion: DeletionStatus }
  | { kind: 'partial'; deletion: DeletionStatus; error: unknown }
  | { kind: 'failed'; error: unknown };

interface CallState {
  isPending: boolean;
  error: unknown;
}

interface DeletionInputs {
  /** The deletion as last read; null when none was asked for, undefined before the first read. */
  deletion: DeletionStatus | null | undefined;
  /** Whether this dialog started, retried or found unfinished the deletion read. */
  followed: boolean;
  readError: unknown;
  request: CallState;
  retry: CallState;
}

export function deletionView({
  deletion,
  followed,
  readError,
  request,
  retry,
}: DeletionInputs): DeletionView {
  if (deletion && (followed || deletion.status !== 'completed')) {
    switch (deletion.status) {
      case 'completed':
        return { kind: 'completed', deletion };
      case 'partial':
        return { kind: 'partial', deletion, error: retry.error };
      case 'in_progress':
        return retry.error
          ? { kind: 'partial', deletion, error: retry.error }
          : { kind: 'running', deletion, pollError: readError };
    }
  }
  if (request.isPending) return { kind: 'starting' };
  if (request.error) return { kind: 'failed', error: request.error };
  // A failed first read leaves the choice to the person: the request itself will say what is wrong.
  return deletion === undefined && !readError ? { kind: 'loading' } : { kind: 'confirm' };
}

/** 'HTTP {status}: {text}' for an answer from the server, else the error's message. */
export function deletionErrorText(error: unknown): string {
  return error instanceof ApiError && error.status !== undefined
    ? deletionMessages.httpError(error.status, error.message)
    : errorMessageOf(error);
}
