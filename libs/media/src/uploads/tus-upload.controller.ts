import { All, Controller, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ResumableUploads } from './resumable-uploads.js';

/**
 * `/api/media/uploads[/{id}]`: the tus 1.0 endpoint (creation, HEAD, PATCH, termination), behind the gateway's
 * authentication like every `/api` route. Bodies are streamed to the tus store, never parsed.
 */
@ApiBearerAuth()
@ApiExcludeController()
@Controller('api/media/uploads')
export class TusUploadController {
  constructor(private readonly uploads: ResumableUploads) {}

  @All()
  create(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.uploads.handle(request, response);
  }

  @All(':uploadId')
  upload(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.uploads.handle(request, response);
  }
}
