import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { Public } from '@castbase/platform-auth';
import type { Request, Response } from 'express';
import { ServeFeed } from './serve-feed.usecase.js';

/** Public feed URLs read by podcast apps and directories: `/feeds/{username}/{slug-or-podcast-id}{suffix}.xml`. */
@Public()
@Controller('feeds')
export class FeedController {
  constructor(private readonly serveFeed: ServeFeed) {}

  /** GET and HEAD (Express answers HEAD through the GET route; the use case then loads no body). */
  @Get(':username/:fileName')
  async feed(
    @Param('username') username: string,
    @Param('fileName') fileName: string,
    @Query('token') token: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const feed = await this.serveFeed.execute({
      username,
      fileName,
      token: typeof token === 'string' ? token : undefined,
      method: request.method === 'HEAD' ? 'HEAD' : 'GET',
      acceptEncoding: request.get('accept-encoding'),
      ifNoneMatch: request.get('if-none-match'),
      ifModifiedSince: request.get('if-modified-since'),
    });
    response.writeHead(feed.status, feed.headers).end(feed.body);
  }
}
