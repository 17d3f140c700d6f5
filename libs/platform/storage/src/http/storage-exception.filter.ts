import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';

import { UNEXPECTED_ERROR_MESSAGE, isDomainError } from '@castbase/contracts';

import { StorageRangeNotSatisfiableError } from '../storage-errors.js';

/**
 * Answers storage routes with `{ code, message, details? }` JSON whatever the host app's own
 * filters do: 400 for bad keys, 403 for bad signatures, 404, 416 with `Content-Range: bytes *\/size`.
 */
@Catch()
export class StorageExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger(StorageExceptionFilter.name);

  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) {
      this.logger.error(error);
      response.destroy();
      return;
    }
    if (error instanceof StorageRangeNotSatisfiableError) {
      if (error.objectSize !== undefined) response.setHeader('Content-Range', `bytes */${error.objectSize}`);
      response.status(416).json(error.toJSON());
      return;
    }
    if (isDomainError(error)) {
      if (error.status >= 500) this.logger.error(error);
      response.status(error.status).json(error.toJSON());
      return;
    }
    if (error instanceof HttpException) {
      response.status(error.getStatus()).json(error.getResponse());
      return;
    }
    this.logger.error(error);
    response.status(500).json({ code: 'INTERNAL', message: UNEXPECTED_ERROR_MESSAGE });
  }
}
