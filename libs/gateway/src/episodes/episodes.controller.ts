import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  catalogRequests,
  createEpisodeInputSchema,
  episodeListPageSchema,
  episodeListQuerySchema,
  episodeSchema,
  episodeVersionSchema,
  restoreVersionInputSchema,
  updateEpisodeInputSchema,
  type CreateEpisodeInput,
  type Episode,
  type EpisodeListPage,
  type EpisodeListQuery,
  type EpisodeVersion,
  type RestoreVersionInput,
  type UpdateEpisodeInput,
} from '@castbase/contracts';
import { CurrentUser, type AuthenticatedUser } from '@castbase/platform-auth';
import { MessageBus } from '@castbase/platform-messaging';
import { RequirePodcastRole } from '../access/require-podcast-role.js';
import { ApiZodBody, ApiZodQuery, ApiZodResponse } from '../http/openapi.js';
import { ZodPipe } from '../http/zod-body.pipe.js';

const idParam = new ZodPipe(z.uuid('Not a valid id'));

/** Episodes and their versions: reading needs any role on the podcast, changing needs editor or owner. */
@ApiTags('episodes')
@ApiBearerAuth()
@Controller('api')
export class EpisodesController {
  constructor(private readonly bus: MessageBus) {}

  @Get('podcasts/:podcastId/episodes')
  @RequirePodcastRole('view', { from: 'podcastId' })
  @ApiZodQuery(episodeListQuerySchema)
  @ApiZodResponse(episodeListPageSchema, 'One page of the episodes matching every filter, with the counts')
  list(
    @CurrentUser() user: AuthenticatedUser,
    @Param('podcastId', idParam) podcastId: string,
    @Query(new ZodPipe(episodeListQuerySchema)) query: EpisodeListQuery,
  ): Promise<EpisodeListPage> {
    return this.bus.request(catalogRequests.listEpisodes, { userId: user.id, podcastId, query });
  }

  @Post('podcasts/:podcastId/episodes')
  @HttpCode(201)
  @RequirePodcastRole('editEpisodes', { from: 'podcastId' })
  @ApiZodBody(createEpisodeInputSchema)
  @ApiZodResponse(episodeSchema, 'The new episode (a draft unless the input says published or scheduled)')
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Param('podcastId', idParam) podcastId: string,
    @Body(new ZodPipe(createEpisodeInputSchema)) input: CreateEpisodeInput,
  ): Promise<Episode> {
    return this.bus.request(catalogRequests.createEpisode, { userId: user.id, podcastId, input });
  }

  @Get('episodes/:episodeId')
  @RequirePodcastRole('view', { from: 'episodeId' })
  @ApiZodResponse(episodeSchema)
  get(
    @CurrentUser() user: AuthenticatedUser,
    @Param('episodeId', idParam) episodeId: string,
  ): Promise<Episode> {
    return this.bus.request(catalogRequests.getEpisode, { userId: user.id, episodeId });
  }

  @Patch('episodes/:episodeId')
  @RequirePodcastRole('editEpisodes', { from: 'episodeId' })
  @ApiZodBody(updateEpisodeInputSchema)
  @ApiZodResponse(
    episodeSchema,
    'The saved episode; a save from an older revision is 409 EPISODE_EDIT_CONFLICT and changes nothing',
  )
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Param('episodeId', idParam) episodeId: string,
    @Body(new ZodPipe(updateEpisodeInputSchema)) input: UpdateEpisodeInput,
  ): Promise<Episode> {
    return this.bus.request(catalogRequests.updateEpisode, { userId: user.id, episodeId, input });
  }

  @Get('episodes/:episodeId/versions')
  @RequirePodcastRole('view', { from: 'episodeId' })
  @ApiZodResponse(z.object({ items: z.array(episodeVersionSchema) }), 'Every saved version, newest first')
  versions(
    @CurrentUser() user: AuthenticatedUser,
    @Param('episodeId', idParam) episodeId: string,
  ): Promise<{ items: EpisodeVersion[] }> {
    return this.bus.request(catalogRequests.listVersions, { userId: user.id, episodeId });
  }

  @Post('episodes/:episodeId/versions/:versionId/restore')
  @HttpCode(200)
  @RequirePodcastRole('editEpisodes', { from: 'episodeId' })
  @ApiZodBody(restoreVersionInputSchema)
  @ApiZodResponse(episodeSchema, "The episode with the version's fields, saved as a new version")
  restore(
    @CurrentUser() user: AuthenticatedUser,
    @Param('episodeId', idParam) episodeId: string,
    @Param('versionId', idParam) versionId: string,
    @Body(new ZodPipe(restoreVersionInputSchema)) input: RestoreVersionInput,
  ): Promise<Episode> {
    return this.bus.request(catalogRequests.restoreVersion, {
      userId: user.id,
      episodeId,
      versionId,
      input,
    });
  }
}
