import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  feedTestRequests,
  feedTestResultSchema,
  type FeedTestResult,
  type ReplyOf,
} from '@castbase/contracts';
import { CurrentUser, type AuthenticatedUser } from '@castbase/platform-auth';
import { MessageBus } from '@castbase/platform-messaging';
import { RequirePodcastRole } from '../access/require-podcast-role.js';
import { ApiZodResponse } from '../http/openapi.js';
import { ZodPipe } from '../http/zod-body.pipe.js';

const podcastIdParam = new ZodPipe(z.uuid('Not a valid id'));
const lastFeedTestSchema = feedTestRequests.getFeedTest.reply;
/** The tester's fetch has 10 s; the bus waits a little longer for its answer. */
const FEED_TEST_REPLY_TIMEOUT_MS = 20_000;

/** The RSS widget's Test Feed (spec 2 §5): anyone with a role on the podcast may run it and read its last result. */
@ApiTags('feeds')
@ApiBearerAuth()
@Controller('api/podcasts/:podcastId/feed/test')
export class FeedTestsController {
  constructor(private readonly bus: MessageBus) {}

  @Post()
  @HttpCode(200)
  @RequirePodcastRole('view', { from: 'podcastId' })
  @ApiZodResponse(
    feedTestResultSchema,
    'The live feed fetched and scored now; a failed fetch is a result with score 0',
  )
  run(
    @CurrentUser() user: AuthenticatedUser,
    @Param('podcastId', podcastIdParam) podcastId: string,
  ): Promise<FeedTestResult> {
    return this.bus.request(
      feedTestRequests.runFeedTest,
      { userId: user.id, podcastId },
      { timeoutMs: FEED_TEST_REPLY_TIMEOUT_MS },
    );
  }

  @Get()
  @RequirePodcastRole('view', { from: 'podcastId' })
  @ApiZodResponse(lastFeedTestSchema, 'The last test of the feed, or null before the first')
  last(
    @CurrentUser() user: AuthenticatedUser,
    @Param('podcastId', podcastIdParam) podcastId: string,
  ): Promise<ReplyOf<typeof feedTestRequests.getFeedTest>> {
    return this.bus.request(feedTestRequests.getFeedTest, { userId: user.id, podcastId });
  }
}
