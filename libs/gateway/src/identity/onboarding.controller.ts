import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  onboardingExitInputSchema,
  onboardingExitResultSchema,
  type OnboardingExitInput,
  type OnboardingExitResult,
} from '@castbase/contracts';
import { CurrentUser, type AuthenticatedUser } from '@castbase/platform-auth';
import { MessageBus } from '@castbase/platform-messaging';
import { ApiZodBody, ApiZodResponse } from '../http/openapi.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { exitOnboarding } from './onboarding-exit.js';

@ApiTags('onboarding')
@ApiBearerAuth()
@Controller('api/onboarding')
export class OnboardingController {
  constructor(private readonly bus: MessageBus) {}

  @Post('exit')
  @HttpCode(200)
  @ApiZodBody(onboardingExitInputSchema)
  @ApiZodResponse(onboardingExitResultSchema, 'What the exit removed')
  exit(
    @CurrentUser() user: AuthenticatedUser,
    // A body is optional: without a logo there is nothing to say.
    @Body(new ZodPipe(onboardingExitInputSchema.optional())) input: OnboardingExitInput | undefined,
  ): Promise<OnboardingExitResult> {
    return exitOnboarding(this.bus, user.id, input?.logoMediaId);
  }
}
