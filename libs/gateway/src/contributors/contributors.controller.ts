import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  catalogRequests,
  contributorSchema,
  inviteContributorInputSchema,
  updateContributorInputSchema,
  type Contributor,
  type InviteContributorInput,
  type ReplyOf,
  type UpdateContributorInput,
} from '@castbase/contracts';
import { CurrentUser, type AuthenticatedUser } from '@castbase/platform-auth';
import { MessageBus } from '@castbase/platform-messaging';
import { RequirePodcastRole } from '../access/require-podcast-role.js';
import { ApiZodBody, ApiZodResponse } from '../http/openapi.js';
import { ZodPipe } from '../http/zod-body.pipe.js';

const idParam = new ZodPipe(z.uuid('Not a valid id'));

/** The people on a podcast: anyone with a role sees them; only the owner invites, changes and removes. */
@ApiTags('contributors')
@ApiBearerAuth()
@Controller('api/podcasts/:podcastId/contributors')
export class ContributorsController {
  constructor(private readonly bus: MessageBus) {}

  @Get()
  @RequirePodcastRole('view', { from: 'podcastId' })
  @ApiZodResponse(catalogRequests.listContributors.reply)
  list(
    @CurrentUser() user: AuthenticatedUser,
    @Param('podcastId', idParam) podcastId: string,
  ): Promise<ReplyOf<typeof catalogRequests.listContributors>> {
    return this.bus.request(catalogRequests.listContributors, { userId: user.id, podcastId });
  }

  /** Invites a person by e-mail; pending until they sign in with it. */
  @Post()
  @HttpCode(201)
  @RequirePodcastRole('manageContributors', { from: 'podcastId' })
  @ApiZodBody(inviteContributorInputSchema)
  @ApiZodResponse(contributorSchema, 'The pending invitation')
  invite(
    @CurrentUser() user: AuthenticatedUser,
    @Param('podcastId', idParam) podcastId: string,
    @Body(new ZodPipe(inviteContributorInputSchema)) input: InviteContributorInput,
  ): Promise<Contributor> {
    return this.bus.request(catalogRequests.inviteContributor, { userId: user.id, podcastId, input });
  }

  @Patch(':contributorId')
  @RequirePodcastRole('manageContributors', { from: 'podcastId' })
  @ApiZodBody(updateContributorInputSchema)
  @ApiZodResponse(contributorSchema, 'The contributor with their new role')
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Param('podcastId', idParam) podcastId: string,
    @Param('contributorId', idParam) contributorId: string,
    @Body(new ZodPipe(updateContributorInputSchema)) input: UpdateContributorInput,
  ): Promise<Contributor> {
    return this.bus.request(catalogRequests.updateContributor, {
      userId: user.id,
      podcastId,
      contributorId,
      input,
    });
  }

  @Delete(':contributorId')
  @RequirePodcastRole('manageContributors', { from: 'podcastId' })
  @ApiZodResponse(catalogRequests.removeContributor.reply, 'The removed contributor')
  remove(
    @CurrentUser() user: AuthenticatedUser,
    @Param('podcastId', idParam) podcastId: string,
    @Param('contributorId', idParam) contributorId: string,
  ): Promise<ReplyOf<typeof catalogRequests.removeContributor>> {
    return this.bus.request(catalogRequests.removeContributor, { userId: user.id, podcastId, contributorId });
  }
}
