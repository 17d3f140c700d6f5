import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  FEED_IMPORT_TIMEOUT_MS,
  feedImportInputSchema,
  feedImportPreviewSchema,
  feedImportRequests,
  feedImportStatusSchema,
  identityRequests,
  type FeedImportInput,
  type FeedImportPreview,
  type FeedImportStatus,
} from '@castbase/contracts';
import { CurrentUser, type AuthenticatedUser } from '@castbase/platform-auth';
import { MessageBus } from '@castbase/platform-messaging';
import { RequirePodcastRole } from '../access/require-podcast-role.js';
import { ApiZodBody, ApiZodResponse } from '../http/openapi.js';
import { ZodPipe } from '../http/zod-body.pipe.js';

const podcastIdParam = new ZodPipe(z.uuid('Not a valid id'));
/** Reading the old feed may take its whole deadline; creating 10,000 episodes takes a few seconds more. */
const IMPORT_REPLY_TIMEOUT_MS = FEED_IMPORT_TIMEOUT_MS + 60_000;

/**
 * Importing a podcast from another host: preview the old feed, start the import (a new podcast of the caller), follow
 * the copies of its files, and read the old feed again for its new episodes.
 */
@ApiTags('podcast import')
@ApiBearerAuth()
@Controller('api')
export class FeedImportController {
  constructor(private readonly bus: MessageBus) {}

  /** What the import of the feed would create, and why it would be refused (locked, over the plan). */
  @Post('podcast-imports/preview')
  @HttpCode(200)
  @ApiZodBody(feedImportInputSchema)
  @ApiZodResponse(feedImportPreviewSchema, 'The podcast and episodes the feed holds')
  async preview(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodPipe(feedImportInputSchema)) input: FeedImportInput,
  ): Promise<FeedImportPreview> {
    const { email } = await this.identityOf(user);
    return this.bus.request(
      feedImportRequests.preview,
      { userId: user.id, email, url: input.url },
      { timeoutMs: IMPORT_REPLY_TIMEOUT_MS },
    );
  }

  /** Creates the podcast and its episodes; their files are copied in the background (GET …/import follows them). */
  @Post('podcast-imports')
  @HttpCode(201)
  @ApiZodBody(feedImportInputSchema)
  @ApiZodResponse(feedImportStatusSchema, 'The new podcast’s import')
  async start(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodPipe(feedImportInputSchema)) input: FeedImportInput,
  ): Promise<FeedImportStatus> {
    const { email, username } = await this.identityOf(user);
    return this.bus.request(
      feedImportRequests.start,
      { userId: user.id, email, username, url: input.url },
      { timeoutMs: IMPORT_REPLY_TIMEOUT_MS },
    );
  }

  /** The podcast's import: each episode's copy, the totals, and the new feed's address for the redirect. */
  @Get('podcasts/:podcastId/import')
  @RequirePodcastRole('view', { from: 'podcastId' })
  @ApiZodResponse(feedImportStatusSchema)
  async get(
    @CurrentUser() user: AuthenticatedUser,
    @Param('podcastId', podcastIdParam) podcastId: string,
  ): Promise<FeedImportStatus> {
    return this.bus.request(feedImportRequests.get, { userId: user.id, email: user.email, podcastId });
  }

  /** Reads the old feed again and imports the episodes whose guid is new (owner). */
  @Post('podcasts/:podcastId/import/rerun')
  @HttpCode(200)
  @RequirePodcastRole('manage', { from: 'podcastId' })
  @ApiZodResponse(feedImportStatusSchema, 'The import with the episodes this run added')
  async rerun(
    @CurrentUser() user: AuthenticatedUser,
    @Param('podcastId', podcastIdParam) podcastId: string,
  ): Promise<FeedImportStatus> {
    const { email } = await this.identityOf(user);
    return this.bus.request(
      feedImportRequests.rerun,
      { userId: user.id, email, podcastId },
      { timeoutMs: IMPORT_REPLY_TIMEOUT_MS },
    );
  }

  /** The e-mail and username the creator chose (their profile's); the token's only stand in without one. */
  private async identityOf(
    user: AuthenticatedUser,
  ): Promise<{ email: string | null; username: string | null }> {
    const { profile } = await this.bus.request(identityRequests.getProfile, { userId: user.id });
    return { email: profile?.email ?? user.email, username: profile?.username ?? user.username };
  }
}
