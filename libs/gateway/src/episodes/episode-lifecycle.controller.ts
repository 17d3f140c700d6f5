import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  catalogRequests,
  episodeSchema,
  scheduleEpisodeInputSchema,
  type Episode,
  type ReplyOf,
  type ScheduleEpisodeInput,
} from '@castbase/contracts';
import { CurrentUser, type AuthenticatedUser } from '@castbase/platform-auth';
import { MessageBus } from '@castbase/platform-messaging';
import { RequirePodcastRole } from '../access/require-podcast-role.js';
import { ApiZodBody, ApiZodResponse } from '../http/openapi.js';
import { ZodPipe } from '../http/zod-body.pipe.js';

const episodeIdParam = new ZodPipe(z.uuid('Not a valid id'));

/**
 * An episode's status lifecycle (spec 2 §4): publish, unpublish, schedule, cancel a schedule, duplicate, delete.
 * Each needs a role that may edit the podcast's episodes (owner or editor); catalog checks it again.
 */
@ApiTags('episodes')
@ApiBearerAuth()
@Controller('api/episodes/:episodeId')
export class EpisodeLifecycleController {
  constructor(private readonly bus: MessageBus) {}

  @Post('publish')
  @HttpCode(200)
  @RequirePodcastRole('editEpisodes', { from: 'episodeId', forbidden: 'EPISODE_PUBLISH_FORBIDDEN' })
  @ApiOperation({
    summary:
      'Publishes now: a draft or scheduled episode becomes published with publish_date now (needs audio or video)',
  })
  @ApiZodResponse(episodeSchema, 'The published episode')
  publish(
    @CurrentUser() user: AuthenticatedUser,
    @Param('episodeId', episodeIdParam) episodeId: string,
  ): Promise<Episode> {
    return this.bus.request(catalogRequests.publishEpisode, { userId: user.id, episodeId });
  }

  @Post('unpublish')
  @HttpCode(200)
  @RequirePodcastRole('editEpisodes', { from: 'episodeId' })
  @ApiOperation({ summary: 'A published episode becomes a draft and leaves the RSS feed' })
  @ApiZodResponse(episodeSchema, 'The episode, now a draft')
  unpublish(
    @CurrentUser() user: AuthenticatedUser,
    @Param('episodeId', episodeIdParam) episodeId: string,
  ): Promise<Episode> {
    return this.bus.request(catalogRequests.unpublishEpisode, { userId: user.id, episodeId });
  }

  @Post('schedule')
  @HttpCode(200)
  @RequirePodcastRole('editEpisodes', { from: 'episodeId' })
  @ApiOperation({
    summary: 'Schedules a draft or scheduled episode to publish itself at a future date and time',
  })
  @ApiZodBody(scheduleEpisodeInputSchema)
  @ApiZodResponse(episodeSchema, 'The scheduled episode')
  schedule(
    @CurrentUser() user: AuthenticatedUser,
    @Param('episodeId', episodeIdParam) episodeId: string,
    @Body(new ZodPipe(scheduleEpisodeInputSchema)) input: ScheduleEpisodeInput,
  ): Promise<Episode> {
    return this.bus.request(catalogRequests.scheduleEpisode, { userId: user.id, episodeId, input });
  }

  @Post('cancel-schedule')
  @HttpCode(200)
  @RequirePodcastRole('editEpisodes', { from: 'episodeId' })
  @ApiOperation({ summary: 'A scheduled episode becomes a draft again; its scheduled date is cleared' })
  @ApiZodResponse(episodeSchema, 'The episode, now a draft')
  cancelSchedule(
    @CurrentUser() user: AuthenticatedUser,
    @Param('episodeId', episodeIdParam) episodeId: string,
  ): Promise<Episode> {
    return this.bus.request(catalogRequests.cancelSchedule, { userId: user.id, episodeId });
  }

  @Post('duplicate')
  @HttpCode(201)
  @RequirePodcastRole('editEpisodes', { from: 'episodeId' })
  @ApiOperation({
    summary: "A new draft copy titled '… (Copy)', without dates, with the same media and its own guid",
  })
  @ApiZodResponse(episodeSchema, 'The copy')
  duplicate(
    @CurrentUser() user: AuthenticatedUser,
    @Param('episodeId', episodeIdParam) episodeId: string,
  ): Promise<Episode> {
    return this.bus.request(catalogRequests.duplicateEpisode, { userId: user.id, episodeId });
  }

  @Delete()
  @HttpCode(200)
  @RequirePodcastRole('editEpisodes', { from: 'episodeId' })
  @ApiOperation({
    summary:
      'Deletes the episode and its versions for good; media no other episode or podcast uses is deleted too',
  })
  @ApiZodResponse(catalogRequests.deleteEpisode.reply, 'The deleted episode')
  delete(
    @CurrentUser() user: AuthenticatedUser,
    @Param('episodeId', episodeIdParam) episodeId: string,
  ): Promise<ReplyOf<typeof catalogRequests.deleteEpisode>> {
    return this.bus.request(catalogRequests.deleteEpisode, { userId: user.id, episodeId });
  }
}
