import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  directoriesRequests,
  directoryCheckSchema,
  directoryChecksSchema,
  directoryIdSchema,
  recordDirectoryStatusInputSchema,
  type DirectoryCheck,
  type DirectoryChecks,
  type DirectoryId,
  type RecordDirectoryStatusInput,
} from '@castbase/contracts';
import { CurrentUser, type AuthenticatedUser } from '@castbase/platform-auth';
import { MessageBus } from '@castbase/platform-messaging';
import { RequirePodcastRole } from '../access/require-podcast-role.js';
import { ApiZodBody, ApiZodResponse } from '../http/openapi.js';
import { ZodPipe } from '../http/zod-body.pipe.js';

const podcastIdParam = new ZodPipe(z.uuid('Not a valid id'));
const directoryIdParam = new ZodPipe(directoryIdSchema);

/**
 * Directory readiness (spec 2 §2, §4, §5): anyone with a role reads the checks; owners and editors record a submission
 * and what the directory answered.
 */
@ApiTags('directories')
@ApiBearerAuth()
@Controller('api/podcasts/:podcastId/directories')
export class DirectoriesController {
  constructor(private readonly bus: MessageBus) {}

  @Get()
  @RequirePodcastRole('view', { from: 'podcastId' })
  @ApiZodResponse(directoryChecksSchema, "Each directory's readiness and recorded status")
  list(
    @CurrentUser() user: AuthenticatedUser,
    @Param('podcastId', podcastIdParam) podcastId: string,
  ): Promise<DirectoryChecks> {
    return this.bus.request(directoriesRequests.listDirectoryChecks, { userId: user.id, podcastId });
  }

  /** The creator opened the directory's submission site: the status becomes 'submitted' now. */
  @Post(':directoryId/submission')
  @HttpCode(200)
  @RequirePodcastRole('editEpisodes', { from: 'podcastId' })
  @ApiZodResponse(directoryCheckSchema, "The directory's check, submitted")
  recordSubmission(
    @CurrentUser() user: AuthenticatedUser,
    @Param('podcastId', podcastIdParam) podcastId: string,
    @Param('directoryId', directoryIdParam) directoryId: DirectoryId,
  ): Promise<DirectoryCheck> {
    return this.bus.request(directoriesRequests.recordDirectorySubmission, {
      userId: user.id,
      podcastId,
      directoryId,
    });
  }

  /** What the directory answered (under review, approved, rejected, delisted), as read on its site. */
  @Put(':directoryId/status')
  @RequirePodcastRole('editEpisodes', { from: 'podcastId' })
  @ApiZodBody(recordDirectoryStatusInputSchema)
  @ApiZodResponse(directoryCheckSchema, "The directory's check with the recorded status")
  recordStatus(
    @CurrentUser() user: AuthenticatedUser,
    @Param('podcastId', podcastIdParam) podcastId: string,
    @Param('directoryId', directoryIdParam) directoryId: DirectoryId,
    @Body(new ZodPipe(recordDirectoryStatusInputSchema)) input: RecordDirectoryStatusInput,
  ): Promise<DirectoryCheck> {
    return this.bus.request(directoriesRequests.recordDirectoryStatus, {
      userId: user.id,
      podcastId,
      directoryId,
      status: input.status,
    });
  }
}
