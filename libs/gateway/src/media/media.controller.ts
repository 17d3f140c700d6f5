import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  createUploadInputSchema,
  mediaFileSchema,
  mediaRequests,
  uploadTicketSchema,
  type CreateUploadInput,
  type MediaFile,
  type ReplyOf,
  type UploadTicket,
} from '@castbase/contracts';
import { CurrentUser, type AuthenticatedUser } from '@castbase/platform-auth';
import { MessageBus } from '@castbase/platform-messaging';
import { ApiZodBody, ApiZodResponse } from '../http/openapi.js';
import { ZodPipe } from '../http/zod-body.pipe.js';

const idParam = new ZodPipe(z.uuid('Not a valid id'));

/**
 * Uploads go straight to storage: ask for a ticket, PUT the bytes to its URL, then complete — media probes
 * the file (duration, size, type; width and height of images) and registers it.
 */
@ApiTags('media')
@ApiBearerAuth()
@Controller('api/media')
export class MediaController {
  constructor(private readonly bus: MessageBus) {}

  @Post('uploads')
  @HttpCode(201)
  @ApiZodBody(createUploadInputSchema)
  @ApiZodResponse(uploadTicketSchema, 'Where to PUT the file, and until when')
  createUpload(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodPipe(createUploadInputSchema)) input: CreateUploadInput,
  ): Promise<UploadTicket> {
    return this.bus.request(mediaRequests.createUpload, { ownerId: user.id, input });
  }

  @Post('uploads/:uploadId/complete')
  @HttpCode(200)
  @ApiZodResponse(mediaFileSchema, 'The stored, probed media file')
  completeUpload(
    @CurrentUser() user: AuthenticatedUser,
    @Param('uploadId', idParam) uploadId: string,
  ): Promise<MediaFile> {
    return this.bus.request(
      mediaRequests.completeUpload,
      { ownerId: user.id, uploadId },
      { timeoutMs: 120_000 },
    );
  }

  @Get(':mediaId')
  @ApiZodResponse(mediaFileSchema)
  get(
    @CurrentUser() user: AuthenticatedUser,
    @Param('mediaId', idParam) mediaId: string,
  ): Promise<MediaFile> {
    return this.bus.request(mediaRequests.getFile, { ownerId: user.id, mediaId });
  }

  @Delete(':mediaId')
  @HttpCode(200)
  @ApiZodResponse(mediaRequests.deleteFile.reply, 'The file and its stored object are gone')
  delete(
    @CurrentUser() user: AuthenticatedUser,
    @Param('mediaId', idParam) mediaId: string,
  ): Promise<ReplyOf<typeof mediaRequests.deleteFile>> {
    return this.bus.request(mediaRequests.deleteFile, { ownerId: user.id, mediaId });
  }
}
