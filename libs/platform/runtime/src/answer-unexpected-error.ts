import { Logger } from '@nestjs/common';
import { UNEXPECTED_ERROR_MESSAGE } from '@castbase/contracts';
import type { FastResponse } from './http-front.js';

const INTERNAL_ERROR_BODY = JSON.stringify({ code: 'INTERNAL', message: UNEXPECTED_ERROR_MESSAGE });
const logger = new Logger('FastHttpRoutes');

/**
 * What a fast route answers when it fails: 500 INTERNAL with the catalogue's message, the error only in the log, as
 * HttpErrorFilter does for Nest's routes. A response already under way is cut off.
 */
export function answerUnexpectedError(response: FastResponse, error: unknown): void {
  logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  if (response.headersSent) {
    response.destroy();
    return;
  }
  response
    .writeHead(500, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(INTERNAL_ERROR_BODY)),
      'Cache-Control': 'no-store',
    })
    .end(INTERNAL_ERROR_BODY);
}
