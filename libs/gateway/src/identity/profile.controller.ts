import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiQuery, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  createProfileInputSchema,
  identityRequests,
  profileMessages,
  setAvatarInputSchema,
  updateProfileInputSchema,
  usernameAvailabilitySchema,
  userProfileSchema,
  type CreateProfileInput,
  type SetAvatarInput,
  type UpdateProfileInput,
  type UserProfile,
  type UsernameAvailability,
} from '@castbase/contracts';
import { CurrentUser, type AuthenticatedUser } from '@castbase/platform-auth';
import { MessageBus } from '@castbase/platform-messaging';
import { ApiZodBody, ApiZodResponse } from '../http/openapi.js';
import { ZodPipe } from '../http/zod-body.pipe.js';

/** The caller's own profile: every route acts on the token's subject, never on an id from the request. */
@ApiTags('profile')
@ApiBearerAuth()
@Controller('api/profile')
export class ProfileController {
  constructor(private readonly bus: MessageBus) {}

  @Get()
  @ApiZodResponse(z.object({ profile: userProfileSchema.nullable() }), 'The profile, null before onboarding')
  get(@CurrentUser() user: AuthenticatedUser): Promise<{ profile: UserProfile | null }> {
    return this.bus.request(identityRequests.getProfile, { userId: user.id });
  }

  @Post()
  @HttpCode(201)
  @ApiZodBody(createProfileInputSchema)
  @ApiZodResponse(userProfileSchema, 'The new profile')
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodPipe(createProfileInputSchema)) input: CreateProfileInput,
  ): Promise<UserProfile> {
    return this.bus.request(identityRequests.createProfile, {
      userId: user.id,
      tokenEmail: user.email,
      input,
    });
  }

  @Patch()
  @ApiZodBody(updateProfileInputSchema)
  @ApiZodResponse(userProfileSchema, 'The saved profile')
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodPipe(updateProfileInputSchema)) input: UpdateProfileInput,
  ): Promise<UserProfile> {
    return this.bus.request(identityRequests.updateProfile, { userId: user.id, input });
  }

  @Get('username-availability')
  @ApiQuery({ name: 'u', description: 'The username to check' })
  @ApiZodResponse(usernameAvailabilitySchema, 'Whether the name is free (your own current name is)')
  usernameAvailability(
    @CurrentUser() user: AuthenticatedUser,
    @Query('u', new ZodPipe(z.string({ error: profileMessages.usernameRequired }))) username: string,
  ): Promise<UsernameAvailability> {
    return this.bus.request(identityRequests.checkUsername, { userId: user.id, username });
  }

  @Put('avatar')
  @ApiZodBody(setAvatarInputSchema)
  @ApiZodResponse(userProfileSchema, 'The profile with its new picture')
  setAvatar(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodPipe(setAvatarInputSchema)) input: SetAvatarInput,
  ): Promise<UserProfile> {
    return this.bus.request(identityRequests.setAvatar, { userId: user.id, input });
  }

  @Delete('avatar')
  @ApiZodResponse(userProfileSchema, 'The profile without a picture')
  removeAvatar(@CurrentUser() user: AuthenticatedUser): Promise<UserProfile> {
    return this.bus.request(identityRequests.removeAvatar, { userId: user.id });
  }
}
