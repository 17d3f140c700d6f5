import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  deletionStatusSchema,
  identityRequests,
  requestDeletionInputSchema,
  type DeletionStatus,
} from '@castbase/contracts';
import { CurrentUser, type AuthenticatedUser } from '@castbase/platform-auth';
import { MessageBus } from '@castbase/platform-messaging';
import { ApiZodBody, ApiZodResponse } from '../http/openapi.js';
import { ZodPipe } from '../http/zod-body.pipe.js';

/**
 * Deleting the caller's account: a saga across every service (see docs/identity.md), so the request answers 202
 * with the deletion's progress, which the app then polls.
 */
@ApiTags('account')
@ApiBearerAuth()
@Controller('api/account/deletion')
export class AccountDeletionController {
  constructor(private readonly bus: MessageBus) {}

  @Post()
  @HttpCode(202)
  @ApiZodBody(requestDeletionInputSchema)
  @ApiZodResponse(deletionStatusSchema, 'The deletion, started (or the one already running)')
  request(
    @CurrentUser() user: AuthenticatedUser,
    // The typed DELETE MY ACCOUNT (any case); anything else is 400 DELETION_NOT_CONFIRMED with the spec's words.
    @Body(new ZodPipe(requestDeletionInputSchema, 'DELETION_NOT_CONFIRMED')) _confirmed: unknown,
  ): Promise<DeletionStatus> {
    return this.bus.request(identityRequests.requestDeletion, { userId: user.id });
  }

  @Get()
  @ApiZodResponse(z.object({ deletion: deletionStatusSchema.nullable() }), 'The latest deletion, if any')
  get(@CurrentUser() user: AuthenticatedUser): Promise<{ deletion: DeletionStatus | null }> {
    return this.bus.request(identityRequests.getDeletion, { userId: user.id });
  }

  @Post('retry')
  @HttpCode(202)
  @ApiZodResponse(deletionStatusSchema, 'The deletion, asked of every service again')
  retry(@CurrentUser() user: AuthenticatedUser): Promise<DeletionStatus> {
    return this.bus.request(identityRequests.retryDeletion, { userId: user.id });
  }
}
