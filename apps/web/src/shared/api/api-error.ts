import { errorCatalogue, UNEXPECTED_ERROR_MESSAGE } from '@castbase/contracts';
import { z } from 'zod';

export type KnownErrorCode = keyof typeof errorCatalogue;

/** A failed API call, carrying the message a person should see. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly status: number | undefined,
    readonly code: KnownErrorCode | undefined,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

// The gateway answers errors as a DomainError's JSON, either bare or wrapped in `error`.
const domainErrorBody = z.object({
  code: z.string(),
  message: z.string().optional(),
  details: z.unknown().optional(),
});
const errorBodySchema = z.union([
  domainErrorBody,
  z.object({ error: domainErrorBody }).transform((body) => body.error),
]);

// When the body carries no known code, the HTTP status still says something a person can act on.
const codeByStatus: Partial<Record<number, KnownErrorCode>> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
  504: 'BUS_TIMEOUT',
};

export function apiErrorFromResponse(status: number, body: unknown): ApiError {
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success && isKnownErrorCode(parsed.data.code)) {
    const { code, message, details } = parsed.data;
    // A domain error's message is the spec's wording (sometimes more specific than the catalogue's).
    return new ApiError(message?.trim() || errorCatalogue[code].message, status, code, details);
  }
  const code = codeByStatus[status];
  return code
    ? new ApiError(errorCatalogue[code].message, status, code)
    : new ApiError(UNEXPECTED_ERROR_MESSAGE, status, undefined);
}

export function apiErrorFromNetworkFailure(cause: unknown): ApiError {
  const error = new ApiError(errorCatalogue.SERVICE_UNAVAILABLE.message, undefined, 'SERVICE_UNAVAILABLE');
  error.cause = cause;
  return error;
}

export function apiErrorFromUnexpectedBody(status: number, issues: unknown): ApiError {
  return new ApiError(UNEXPECTED_ERROR_MESSAGE, status, undefined, issues);
}

/** The message to show for any failure, API or not. */
export function errorMessageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE;
}

function isKnownErrorCode(code: string): code is KnownErrorCode {
  return Object.hasOwn(errorCatalogue, code);
}
