import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { z } from 'zod';
import {
  mediaFileSchema,
  mediaRequests,
  processingJobSchema,
  videoRenderSchema,
  type MediaFile,
  type ProcessingJob,
  type ReplyOf,
  type VideoRender,
} from '@castbase/contracts';
import { CurrentUser, type AuthenticatedUser } from '@castbase/platform-auth';
import { MessageBus } from '@castbase/platform-messaging';
import { ApiZodBody, ApiZodResponse } from '../http/openapi.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { streamMediaProgress } from './media-progress-stream.js';

const idParam = new ZodPipe(z.uuid('Not a valid id'));

/**
 * Stored media: uploads arrive over tus at `/api/media/uploads` (served by the media service); here a file is read,
 * followed while it is processed (Server-Sent Events), deleted, and its video jobs started or failed jobs retried.
 */
@ApiTags('media')
@ApiBearerAuth()
@Controller('api/media')
export class MediaController {
  constructor(private readonly bus: MessageBus) {}

  @Get(':mediaId')
  @ApiZodResponse(mediaFileSchema)
  get(
    @CurrentUser() user: AuthenticatedUser,
    @Param('mediaId', idParam) mediaId: string,
  ): Promise<MediaFile> {
    return this.bus.request(mediaRequests.getFile, { ownerId: user.id, mediaId });
  }

  @Get(':mediaId/events')
  @ApiOperation({
    summary:
      'Server-Sent Events: the media file (event "media") each time its processing changes, until ready or failed',
  })
  async events(
    @CurrentUser() user: AuthenticatedUser,
    @Param('mediaId', idParam) mediaId: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await streamMediaProgress(this.bus, user.id, mediaId, request, response);
  }

  @Delete(':mediaId')
  @HttpCode(200)
  @ApiZodResponse(mediaRequests.deleteFile.reply, 'The file, its outputs and their stored objects are gone')
  delete(
    @CurrentUser() user: AuthenticatedUser,
    @Param('mediaId', idParam) mediaId: string,
  ): Promise<ReplyOf<typeof mediaRequests.deleteFile>> {
    return this.bus.request(mediaRequests.deleteFile, { ownerId: user.id, mediaId });
  }

  @Post(':mediaId/renders')
  @HttpCode(202)
  @ApiZodBody(videoRenderSchema)
  @ApiZodResponse(
    processingJobSchema,
    'The queued video job; its file appears in the outputs when it succeeds',
  )
  render(
    @CurrentUser() user: AuthenticatedUser,
    @Param('mediaId', idParam) mediaId: string,
    @Body(new ZodPipe(videoRenderSchema)) render: VideoRender,
  ): Promise<ProcessingJob> {
    return this.bus.request(mediaRequests.renderVideo, { ownerId: user.id, mediaId, render });
  }

  @Post(':mediaId/jobs/:jobId/retry')
  @HttpCode(202)
  @ApiZodResponse(processingJobSchema, 'The failed job, queued again')
  retry(
    @CurrentUser() user: AuthenticatedUser,
    @Param('mediaId', idParam) mediaId: string,
    @Param('jobId', idParam) jobId: string,
  ): Promise<ProcessingJob> {
    return this.bus.request(mediaRequests.retryJob, { ownerId: user.id, mediaId, jobId });
  }
}
