import { Controller, Get, NotFoundException, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Public } from '@castbase/platform-auth';
import { DownloadHttpRoute } from './download-http-route.js';

/**
 * The enclosure URL in every feed, `GET|HEAD /e/{podcastId}/{episodeId}/{file}`. A process started by the runtime
 * answers it before Nest (DownloadHttpRoute, ADR 0014); this controller answers it the same way, through the same
 * route, where no fast route is attached (modules under test). Express answers HEAD through the GET route.
 */
@Public()
@Controller('e')
export class EnclosureRedirectController {
  constructor(private readonly route: DownloadHttpRoute) {}

  @Get(':podcastId/:episodeId/:file')
  redirect(@Req() request: Request, @Res() response: Response): void {
    if (!this.route.handle(request, response)) throw new NotFoundException();
  }
}
