import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  catalogRequests,
  createPodcastInputSchema,
  feedsRequests,
  feedStatusSchema,
  identityRequests,
  podcastSchema,
  podcastSettingsInputSchema,
  podcastSummarySchema,
  type CreatePodcastInput,
  type FeedStatus,
  type Podcast,
  type PodcastSettingsInput,
  type PodcastSummary,
  type ReplyOf,
} from '@castbase/contracts';
import { CurrentUser, type AuthenticatedUser } from '@castbase/platform-auth';
import { MessageBus } from '@castbase/platform-messaging';
import { RequirePodcastRole } from '../access/require-podcast-role.js';
import { ApiZodBody, ApiZodResponse } from '../http/openapi.js';
import { ZodPipe } from '../http/zod-body.pipe.js';

const podcastIdParam = new ZodPipe(z.uuid('Not a valid id'));
const deletedPodcastSchema = catalogRequests.deletePodcast.reply;

/** Generating every variant of a 10,000-episode podcast takes seconds, more while another generation runs first. */
const FEED_GENERATION_REPLY_TIMEOUT_MS = 120_000;

@ApiTags('podcasts')
@ApiBearerAuth()
@Controller('api/podcasts')
export class PodcastsController {
  constructor(private readonly bus: MessageBus) {}

  /**
   * The caller's podcasts and those shared with them, each with their role. The web app asks this right after
   * sign-in, so the token's e-mail goes along: invitations to it become the caller's.
   */
  @Get()
  @ApiZodResponse(z.object({ items: z.array(podcastSummarySchema) }))
  async list(@CurrentUser() user: AuthenticatedUser): Promise<{ items: PodcastSummary[] }> {
    const { items } = await this.bus.request(catalogRequests.listPodcasts, {
      userId: user.id,
      email: user.email,
      name: user.name,
    });
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
  @RequirePodcastRole('view', { from: 'podcastId' })
  @ApiZodResponse(podcastSchema)
  get(
    @CurrentUser() user: AuthenticatedUser,
    @Param('podcastId', podcastIdParam) podcastId: string,
  ): Promise<Podcast> {
    return this.bus.request(catalogRequests.getPodcast, { userId: user.id, podcastId });
  }

  /** The Podcast tab of settings, saved whole (owner). */
  @Put(':podcastId')
  @RequirePodcastRole('manage', { from: 'podcastId' })
  @ApiZodBody(podcastSettingsInputSchema)
  @ApiZodResponse(podcastSchema, 'The podcast as saved')
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Param('podcastId', podcastIdParam) podcastId: string,
    @Body(new ZodPipe(podcastSettingsInputSchema)) input: PodcastSettingsInput,
  ): Promise<Podcast> {
    return this.bus.request(catalogRequests.updatePodcast, { userId: user.id, podcastId, input });
  }

  /** Deletes the podcast with its episodes (owner); feeds and media follow the event. */
  @Delete(':podcastId')
  @RequirePodcastRole('manage', { from: 'podcastId' })
  @ApiZodResponse(deletedPodcastSchema, 'What was deleted')
  delete(
    @CurrentUser() user: AuthenticatedUser,
    @Param('podcastId', podcastIdParam) podcastId: string,
  ): Promise<ReplyOf<typeof catalogRequests.deletePodcast>> {
    return this.bus.request(catalogRequests.deletePodcast, { userId: user.id, podcastId });
  }

  /** A new private-feed token (owner); the old one stops working. */
  @Post(':podcastId/private-token')
  @HttpCode(200)
  @RequirePodcastRole('manage', { from: 'podcastId' })
  @ApiZodResponse(podcastSchema, 'The podcast with its new token')
  rotatePrivateToken(
    @CurrentUser() user: AuthenticatedUser,
    @Param('podcastId', podcastIdParam) podcastId: string,
  ): Promise<Podcast> {
    return this.bus.request(catalogRequests.rotatePrivateToken, { userId: user.id, podcastId });
  }

  /** Generates every feed variant now (owner, editor); the feeds service checks the caller's role again. */
  @Post(':podcastId/feed')
  @HttpCode(200)
  @RequirePodcastRole('editEpisodes', { from: 'podcastId' })
  @ApiZodResponse(feedStatusSchema, 'The RSS status after the generation')
  generateFeed(
    @CurrentUser() user: AuthenticatedUser,
    @Param('podcastId', podcastIdParam) podcastId: string,
  ): Promise<FeedStatus> {
    return this.bus.request(
      feedsRequests.generateFeed,
      { ownerId: user.id, podcastId },
      { timeoutMs: FEED_GENERATION_REPLY_TIMEOUT_MS },
    );
  }

  /** The RSS status kept on the server (any role); a private podcast's URLs carry the token for its owner only. */
  @Get(':podcastId/feed')
  @RequirePodcastRole('view', { from: 'podcastId' })
  @ApiZodResponse(
    feedStatusSchema,
    'Every feed URL, the counts, generation and change times, needsUpdate and size',
  )
  feed(
    @CurrentUser() user: AuthenticatedUser,
    @Param('podcastId', podcastIdParam) podcastId: string,
  ): Promise<FeedStatus> {
    return this.bus.request(feedsRequests.getFeedStatus, { ownerId: user.id, podcastId });
  }
}
