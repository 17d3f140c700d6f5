import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Public } from '@castbase/platform-auth';
import { EnclosureRedirectService } from './enclosure-redirect.service.js';

/**
 * The enclosure URL in every feed: `GET|HEAD /e/{podcastId}/{episodeId}/{file}`. Counts the download, then
 * answers 302 to the media (never cached, so every download reaches us). The file segment is only there
 * for podcast apps that read the extension from the URL; it is not checked.
 * Express answers HEAD with the GET route; HEAD requests are redirected but not counted. A private podcast's
 * enclosure URLs carry its token (`?token=`): without the current one the answer is 401, never cached.
 */
@Public()
@Controller('e')
export class EnclosureRedirectController {
  constructor(private readonly redirects: EnclosureRedirectService) {}

  @Get(':podcastId/:episodeId/:file')
  async redirect(
    @Param('podcastId') podcastId: string,
    @Param('episodeId') episodeId: string,
    @Query('token') token: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    // Set first, so an error answer (401 for a private podcast's download) is not cached either.
    response.set('Cache-Control', 'no-store');
    const mediaUrl = await this.redirects.resolve({
      podcastId,
      episodeId,
      method: request.method,
      ip: request.ip ?? request.socket.remoteAddress ?? '',
      userAgent: request.get('user-agent'),
      referrer: request.get('referer'),
      range: request.get('range'),
      token: typeof token === 'string' ? token : undefined,
    });
    response.redirect(302, mediaUrl);
  }
}
