import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { DomainError, JSON_CHAPTERS_CONTENT_TYPE, publicChaptersRequests } from '@castbase/contracts';
import { Public } from '@castbase/platform-auth';
import { MessageBus } from '@castbase/platform-messaging';
import { ObjectStorage, StorageObjectNotFoundError } from '@castbase/platform-storage';
import { episodeIdOfChaptersFile, ifNoneMatchMatches } from './chapters-file-name.js';

/** Podcast apps read the file when an episode is opened; a chapter edit reaches them within five minutes. */
export const CHAPTERS_CACHE_CONTROL = 'public, max-age=300';

/**
 * The JSON chapters file of a published episode (`/api/chapters/{episodeId}.json`, the `<podcast:chapters>` URL of
 * the feed): for anyone, read by players on any site. The catalog says whether the episode is published and has
 * chapters (a draft's file exists but is not served); the bytes come from storage, where the catalog wrote them.
 */
@ApiTags('chapters')
@Controller('api/chapters')
export class ChaptersController {
  constructor(
    private readonly bus: MessageBus,
    private readonly storage: ObjectStorage,
  ) {}

  /**
   * 200 with `application/json+chapters`, a strong ETag and a short cache, 304 for a matching If-None-Match; 404 (JSON)
   * for a draft, a scheduled or unknown episode, one without chapters, and any name that is not `{uuid}.json`.
   */
  @Public()
  @Get(':fileName')
  @ApiOperation({ summary: "An episode's chapters (JSON chapters 1.2.0), for published episodes" })
  async chapters(
    @Param('fileName') fileName: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    response.setHeader('Access-Control-Allow-Origin', '*');
    // Helmet's same-origin default would stop a player on another site from reading it.
    response.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    const episodeId = episodeIdOfChaptersFile(fileName);
    if (!episodeId) throw new DomainError('EPISODE_NOT_FOUND');
    const { storageKey } = await this.bus.request(publicChaptersRequests.getPublicChapters, { episodeId });
    const file = await this.storage.get(storageKey).catch((error: unknown) => {
      // Published a moment before the catalog wrote the file.
      if (error instanceof StorageObjectNotFoundError) throw new DomainError('EPISODE_NOT_FOUND');
      throw error;
    });
    const etag = `"${file.etag}"`;
    response.setHeader('ETag', etag);
    response.setHeader('Cache-Control', CHAPTERS_CACHE_CONTROL);
    if (ifNoneMatchMatches(request.get('if-none-match'), etag)) {
      file.body.destroy();
      response.status(304).end();
      return;
    }
    response.status(200);
    response.setHeader('Content-Type', JSON_CHAPTERS_CONTENT_TYPE);
    response.setHeader('Content-Length', String(file.contentLength));
    file.body.pipe(response);
  }
}
