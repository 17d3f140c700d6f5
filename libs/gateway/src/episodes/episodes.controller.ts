import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  catalogRequests,
  createEpisodeInputSchema,
  episodeSchema,
  type CreateEpisodeInput,
  type Episode,
} from '@castbase/contracts';
import { CurrentUser, type AuthenticatedUser } from '@castbase/platform-auth';
import { MessageBus } from '@castbase/platform-messaging';
import { ApiZodBody, ApiZodResponse } from '../http/openapi.js';
import { ZodPipe } from '../http/zod-body.pipe.js';

const idParam = new ZodPipe(z.uuid('Not a valid id'));

@ApiTags('episodes')
@ApiBearerAuth()
@Controller('api')
export class EpisodesController {
  constructor(private readonly bus: MessageBus) {}

  @Get('podcasts/:podcastId/episodes')
  @ApiZodResponse(z.object({ items: z.array(episodeSchema) }))
  list(
    @CurrentUser() user: AuthenticatedUser,
    @Param('podcastId', idParam) podcastId: string,
  ): Promise<{ items: Episode[] }> {
    return this.bus.request(catalogRequests.listEpisodes, { ownerId: user.id, podcastId });
  }

  @Post('podcasts/:podcastId/episodes')
  @HttpCode(201)
  @ApiZodBody(createEpisodeInputSchema)
  @ApiZodResponse(episodeSchema, 'The new draft episode')
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Param('podcastId', idParam) podcastId: string,
    @Body(new ZodPipe(createEpisodeInputSchema)) input: CreateEpisodeInput,
  ): Promise<Episode> {
    return this.bus.request(catalogRequests.createEpisode, { ownerId: user.id, podcastId, input });
  }

  @Get('episodes/:episodeId')
  @ApiZodResponse(episodeSchema)
  get(
    @CurrentUser() user: AuthenticatedUser,
    @Param('episodeId', idParam) episodeId: string,
  ): Promise<Episode> {
    return this.bus.request(catalogRequests.getEpisode, { ownerId: user.id, episodeId });
  }

  @Post('episodes/:episodeId/publish')
  @HttpCode(200)
  @ApiZodResponse(episodeSchema, 'The published episode')
  publish(
    @CurrentUser() user: AuthenticatedUser,
    @Param('episodeId', idParam) episodeId: string,
  ): Promise<Episode> {
    return this.bus.request(catalogRequests.publishEpisode, { ownerId: user.id, episodeId });
  }
}
