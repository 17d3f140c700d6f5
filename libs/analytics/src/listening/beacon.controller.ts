import { Controller, NotFoundException, Options, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Public } from '@castbase/platform-auth';
import { BeaconHttpRoute } from './beacon-http-route.js';

/**
 * `POST|OPTIONS /e/beacons`, the players' listening beacons. A process started by the runtime answers it before Nest
 * (BeaconHttpRoute, ADR 0014); this controller answers it through the same route where no fast route is attached
 * (modules under test).
 */
@Public()
@Controller('e/beacons')
export class BeaconController {
  constructor(private readonly route: BeaconHttpRoute) {}

  @Post()
  receive(@Req() request: Request, @Res() response: Response): void {
    if (!this.route.handle(request, response)) throw new NotFoundException();
  }

  @Options()
  preflight(@Req() request: Request, @Res() response: Response): void {
    if (!this.route.handle(request, response)) throw new NotFoundException();
  }
}
