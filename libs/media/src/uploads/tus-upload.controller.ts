import { Controller, Delete, Head, Options, Patch, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { MEDIA_UPLOAD_PATH, UPLOAD_CHUNK_BYTES, uploadPurposeSchema } from '@castbase/contracts';
import { ResumableUploads } from './resumable-uploads.js';

const tusResumable = {
  name: 'Tus-Resumable',
  required: true,
  description: 'The tus protocol version: 1.0.0',
};

/**
 * `/api/media/uploads[/{uploadId}]`: the tus 1.0 endpoint (creation, HEAD, PATCH, termination), behind the
 * gateway's authentication like every `/api` route. Bodies are streamed to the tus store, never parsed.
 */
@ApiTags('media')
@ApiBearerAuth()
@Controller(MEDIA_UPLOAD_PATH.slice(1))
export class TusUploadController {
  constructor(private readonly uploads: ResumableUploads) {}

  @Post()
  @ApiOperation({
    summary: 'tus creation: starts a resumable upload, refused before any byte with the reason',
    description:
      `Upload-Metadata (base64 values): purpose (${uploadPurposeSchema.options.join(', ')}), filename, ` +
      'filetype, and optionally podcastId, episodeId (the episode whose media it replaces) and normalize. ' +
      'The file type and size, the podcast and episode access and the plan limits are checked here: 400, 404, ' +
      '413 or 403 with { code, message }. Answers 201 ' +
      'with Location, the upload URL.',
  })
  @ApiHeader(tusResumable)
  @ApiHeader({ name: 'Upload-Length', required: true, description: 'The size of the file in bytes' })
  @ApiHeader({ name: 'Upload-Metadata', required: true, description: 'tus metadata, see above' })
  create(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.uploads.handle(request, response);
  }

  @Head(':uploadId')
  @ApiOperation({ summary: 'tus HEAD: how many bytes of the upload have arrived (Upload-Offset), to resume' })
  @ApiHeader(tusResumable)
  offset(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.uploads.handle(request, response);
  }

  @Patch(':uploadId')
  @ApiOperation({
    summary: 'tus PATCH: the next bytes (application/offset+octet-stream) from Upload-Offset',
    description:
      `Clients send ${UPLOAD_CHUNK_BYTES / 1024 / 1024} MB chunks. The request with the last byte decides the ` +
      'file kind from the bytes and answers 200 with the media file (JSON); a file that is not what it says is ' +
      'refused with the reason and nothing is kept.',
  })
  @ApiHeader(tusResumable)
  @ApiHeader({ name: 'Upload-Offset', required: true, description: 'Where these bytes start' })
  append(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.uploads.handle(request, response);
  }

  @Delete(':uploadId')
  @ApiOperation({ summary: 'tus termination: cancels an upload under way and discards its bytes' })
  @ApiHeader(tusResumable)
  cancel(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.uploads.handle(request, response);
  }

  @Options()
  @ApiOperation({ summary: 'tus discovery: the version, extensions and maximum size the server supports' })
  discover(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.uploads.handle(request, response);
  }
}
