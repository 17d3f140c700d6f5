import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  analyticsQuerySchema,
  analyticsRequests,
  analyticsTimeRangeSchema,
  feedAnalyticsSchema,
  type AnalyticsTimeRange,
  type FeedAnalytics,
} from '@castbase/contracts';
import { CurrentUser, type AuthenticatedUser } from '@castbase/platform-auth';
import { MessageBus } from '@castbase/platform-messaging';
import { RequirePodcastRole } from '../access/require-podcast-role.js';
import { ApiZodQuery, ApiZodResponse } from '../http/openapi.js';
import { ZodPipe } from '../http/zod-body.pipe.js';

const podcastIdParam = new ZodPipe(z.uuid('Not a valid id'));
/** The parameter alone, so that a bad range answers the contract's message without a path before it. */
const timeRangeParam = new ZodPipe(analyticsTimeRangeSchema);

/** Feed (RSS) analytics (spec 3 §3, §7): requests, bandwidth, countries, apps, hours and subscribers of a podcast's feeds. */
@ApiTags('analytics')
@ApiBearerAuth()
@Controller('api/podcasts/:podcastId/analytics/feed')
export class FeedAnalyticsController {
  constructor(private readonly bus: MessageBus) {}

  @Get()
  @RequirePodcastRole('view', { from: 'podcastId' })
  @ApiZodQuery(analyticsQuerySchema)
  @ApiZodResponse(feedAnalyticsSchema, "The podcast's feed analytics over the time range")
  get(
    @CurrentUser() user: AuthenticatedUser,
    @Param('podcastId', podcastIdParam) podcastId: string,
    @Query('timeRange', timeRangeParam) timeRange: AnalyticsTimeRange,
  ): Promise<FeedAnalytics> {
    return this.bus.request(analyticsRequests.getFeedAnalytics, { userId: user.id, podcastId, timeRange });
  }
}
