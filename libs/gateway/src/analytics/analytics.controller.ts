import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  analyticsRequests,
  analyticsTimeRangeSchema,
  dashboardAnalyticsSchema,
  episodeAnalyticsSchema,
  podcastAnalyticsSchema,
  type AnalyticsTimeRange,
  type DashboardAnalytics,
  type EpisodeAnalytics,
  type PodcastAnalytics,
} from '@castbase/contracts';
import { CurrentUser, type AuthenticatedUser } from '@castbase/platform-auth';
import { MessageBus } from '@castbase/platform-messaging';
import { RequirePodcastRole } from '../access/require-podcast-role.js';
import { ApiZodResponse } from '../http/openapi.js';
import { ZodPipe } from '../http/zod-body.pipe.js';

const idParam = new ZodPipe(z.uuid('Not a valid id'));
const timeRangeQuery = new ZodPipe(analyticsTimeRangeSchema);

/**
 * The analytics screens (spec 3 §2.2, §2.3, §7) and the dashboard card (spec 2 §2): anyone with a role on the podcast
 * reads them; analytics checks the role again. `timeRange` is 1d, 7d, 30d (the default), 90d, 1y or all.
 */
@ApiTags('analytics')
@ApiBearerAuth()
@Controller('api/podcasts/:podcastId')
export class AnalyticsController {
  constructor(private readonly bus: MessageBus) {}

  @Get('analytics')
  @RequirePodcastRole('view', { from: 'podcastId' })
  @ApiZodResponse(podcastAnalyticsSchema, "The podcast's analytics over the range")
  podcast(
    @CurrentUser() user: AuthenticatedUser,
    @Param('podcastId', idParam) podcastId: string,
    @Query('timeRange', timeRangeQuery) timeRange: AnalyticsTimeRange,
  ): Promise<PodcastAnalytics> {
    return this.bus.request(analyticsRequests.getPodcastAnalytics, { userId: user.id, podcastId, timeRange });
  }

  @Get('analytics/dashboard')
  @RequirePodcastRole('view', { from: 'podcastId' })
  @ApiZodResponse(dashboardAnalyticsSchema, "The last 30 days for the dashboard's Analytics Overview card")
  dashboard(
    @CurrentUser() user: AuthenticatedUser,
    @Param('podcastId', idParam) podcastId: string,
  ): Promise<DashboardAnalytics> {
    return this.bus.request(analyticsRequests.getDashboardAnalytics, { userId: user.id, podcastId });
  }

  @Get('episodes/:episodeId/analytics')
  @RequirePodcastRole('view', { from: 'podcastId' })
  @ApiZodResponse(episodeAnalyticsSchema, "The episode's analytics over the range")
  episode(
    @CurrentUser() user: AuthenticatedUser,
    @Param('podcastId', idParam) podcastId: string,
    @Param('episodeId', idParam) episodeId: string,
    @Query('timeRange', timeRangeQuery) timeRange: AnalyticsTimeRange,
  ): Promise<EpisodeAnalytics> {
    return this.bus.request(analyticsRequests.getEpisodeAnalytics, {
      userId: user.id,
      podcastId,
      episodeId,
      timeRange,
    });
  }
}
