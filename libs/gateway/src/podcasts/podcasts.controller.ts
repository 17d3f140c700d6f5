import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  catalogRequests,
  createPodcastInputSchema,
  feedsRequests,
  feedStatusSchema,
  identityRequests,
  podcastSchema,
  podcastSummarySchema,
  type CreatePodcastInput,
  type FeedStatus,
  type Podcast,
  type PodcastSummary,
} from '@castbase/contracts';
import { CurrentUser, type AuthenticatedUser } from '@castbase/platform-auth';
import { MessageBus } from '@castbase/platform-messaging';
import { ApiZodBody, ApiZodResponse } from '../http/openapi.js';
import { ZodPipe } from '../http/zod-body.pipe.js';

@ApiTags('podcasts')
@ApiBearerAuth()
@Controller('api/podcasts')
export class PodcastsController {
  constructor(private readonly bus: MessageBus) {}

  @Get()
  @ApiZodResponse(z.object({ items: z.array(podcastSummarySchema) }))
  async list(@CurrentUser() user: AuthenticatedUser): Promise<{ items: PodcastSummary[] }> {
    const { items } = await this.bus.request(catalogRequests.listPodcasts, { ownerId: user.id });
    return { items: items.map((podcast) => podcastSummarySchema.parse(podcast)) };
  }

  @Post()
  @HttpCode(201)
  @ApiZodBody(createPodcastInputSchema)
  @ApiZodResponse(podcastSchema, 'The new podcast')
  async create(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodPipe(createPodcastInputSchema)) input: CreatePodcastInput,
  ): Promise<Podcast> {
    // The profile's username and e-mail are the ones the creator chose; the token's only stand in without one.
    // An unreachable identity service fails the request rather than writing the token's values.
    const { profile } = await this.bus.request(identityRequests.getProfile, { userId: user.id });
    return this.bus.request(catalogRequests.createPodcast, {
      ownerId: user.id,
      ownerUsername: profile?.username ?? user.username,
      ownerEmail: profile?.email ?? user.email,
      input,
    });
  }

  @Get(':podcastId')
  @ApiZodResponse(podcastSchema)
  get(
    @CurrentUser() user: AuthenticatedUser,
    @Param('podcastId', new ZodPipe(z.uuid())) podcastId: string,
  ): Promise<Podcast> {
    return this.bus.request(catalogRequests.getPodcast, { ownerId: user.id, podcastId });
  }

  @Post(':podcastId/feed')
  @HttpCode(200)
  @ApiZodResponse(feedStatusSchema, 'The feed, generated now')
  generateFeed(
    @CurrentUser() user: AuthenticatedUser,
    @Param('podcastId', new ZodPipe(z.uuid())) podcastId: string,
  ): Promise<FeedStatus> {
    return this.bus.request(feedsRequests.generateFeed, { ownerId: user.id, podcastId });
  }

  @Get(':podcastId/feed')
  @ApiZodResponse(feedStatusSchema, 'Where the feed is and when it was generated')
  feed(
    @CurrentUser() user: AuthenticatedUser,
    @Param('podcastId', new ZodPipe(z.uuid())) podcastId: string,
  ): Promise<FeedStatus> {
    return this.bus.request(feedsRequests.getFeedStatus, { ownerId: user.id, podcastId });
  }
}
