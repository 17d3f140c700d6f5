import { Controller, Get, NotFoundException, Req, Res } from '@nestjs/common';
import { Public } from '@castbase/platform-auth';
import type { Request, Response } from 'express';
import { FeedHttpRoute } from './feed-http-route.js';

/**
 * Public feed URLs read by podcast apps and directories: `/feeds/{username}/{slug-or-podcast-id}{suffix}.xml`. A
 * process started by the runtime answers them before Nest (FeedHttpRoute, ADR 0014); this controller answers them
 * the same way, through the same route, where no fast route is attached (modules under test).
 */
@Public()
@Controller('feeds')
export class FeedController {
  constructor(private readonly route: FeedHttpRoute) {}

  /** GET and HEAD (Express answers HEAD through the GET route). */
  @Get(':username/:fileName')
  feed(@Req() request: Request, @Res() response: Response): void {
    if (!this.route.handle(request, response)) throw new NotFoundException();
  }
}
