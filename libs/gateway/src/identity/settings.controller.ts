import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  identityRequests,
  updateSettingsInputSchema,
  userSettingsSchema,
  type UpdateSettingsInput,
  type UserSettings,
} from '@castbase/contracts';
import { CurrentUser, type AuthenticatedUser } from '@castbase/platform-auth';
import { MessageBus } from '@castbase/platform-messaging';
import { ApiZodBody, ApiZodResponse } from '../http/openapi.js';
import { ZodPipe } from '../http/zod-body.pipe.js';

/** Notifications, privacy and appearance of the caller. */
@ApiTags('settings')
@ApiBearerAuth()
@Controller('api/settings')
export class SettingsController {
  constructor(private readonly bus: MessageBus) {}

  @Get()
  @ApiZodResponse(userSettingsSchema, 'The saved settings, or the defaults (updatedAt null)')
  get(@CurrentUser() user: AuthenticatedUser): Promise<UserSettings> {
    return this.bus.request(identityRequests.getSettings, { userId: user.id });
  }

  @Patch()
  @ApiZodBody(updateSettingsInputSchema)
  @ApiZodResponse(userSettingsSchema, 'The settings after merging the sections sent')
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodPipe(updateSettingsInputSchema)) input: UpdateSettingsInput,
  ): Promise<UserSettings> {
    return this.bus.request(identityRequests.updateSettings, { userId: user.id, input });
  }
}
