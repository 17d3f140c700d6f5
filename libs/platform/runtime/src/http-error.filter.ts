import { ArgumentsHost, Catch, HttpException, Logger, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError, errorCatalogue, UNEXPECTED_ERROR_MESSAGE, type ErrorCode } from '@castbase/contracts';

interface ErrorBody {
  code: ErrorCode;
  message: string;
  details?: unknown;
}

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
};

/** Body-parser errors carry a `type` and a status; they are the client's fault, never a 500. */
function bodyParserError(error: unknown): (ErrorBody & { status: number }) | undefined {
  if (typeof error !== 'object' || error === null || !('type' in error)) return undefined;
  const { type, status } = error as { type: string; status?: number };
  if (type === 'entity.too.large')
    return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: errorCatalogue.PAYLOAD_TOO_LARGE.message };
  if (type === 'entity.parse.failed')
    return { status: 400, code: 'VALIDATION_FAILED', message: 'The request body is not valid JSON' };
  if (status && status >= 400 && status < 500)
    return {
      status,
      code: STATUS_CODES[status] ?? 'VALIDATION_FAILED',
      message: String((error as { message?: string }).message ?? ''),
    };
  return undefined;
}

/** Every error leaves the gateway as `{ code, message, details? }` with the status of its code. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, body } = this.toResponse(error);
    // 501 answers a request for something never offered (oEmbed's xml): the client's doing, nothing to look into.
    if (status >= 500 && status !== 501)
      this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    if (response.headersSent) return;
    response.status(status).json(body);
  }

  private toResponse(error: unknown): { status: number; body: ErrorBody } {
    if (error instanceof DomainError) return { status: error.status, body: error.toJSON() };
    if (error instanceof HttpException) {
      // Nest wraps body-parser's errors (too large, malformed JSON) and keeps the original as the cause.
      const fromBodyParser = bodyParserError(error.cause);
      if (fromBodyParser)
        return {
          status: fromBodyParser.status,
          body: { code: fromBodyParser.code, message: fromBodyParser.message },
        };
      const status = error.getStatus();
      const code = STATUS_CODES[status] ?? (status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED');
      const message = status === 404 ? 'Not found' : status >= 500 ? UNEXPECTED_ERROR_MESSAGE : error.message;
      return { status, body: { code, message } };
    }
    const parsed = bodyParserError(error);
    if (parsed) return { status: parsed.status, body: { code: parsed.code, message: parsed.message } };
    return { status: 500, body: { code: 'INTERNAL', message: UNEXPECTED_ERROR_MESSAGE } };
  }
}
