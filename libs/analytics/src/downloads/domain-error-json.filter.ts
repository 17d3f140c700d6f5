import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError } from '@castbase/contracts';

/** Answers a `DomainError` on the public analytics routes as `{ code, message }` JSON with its status. */
@Catch(DomainError)
export class DomainErrorJsonFilter implements ExceptionFilter {
  catch(error: DomainError, host: ArgumentsHost): void {
    host.switchToHttp().getResponse<Response>().status(error.status).json(error.toJSON());
  }
}
