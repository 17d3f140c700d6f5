import { z } from 'zod';
import { mediaIdSchema } from '../media/media-id.js';

/** Onboarding's confirmed Exit (`POST /api/onboarding/exit`): the logo uploaded in the wizard, if any, goes too. */
export const onboardingExitInputSchema = z.object({
  logoMediaId: mediaIdSchema.nullable().optional(),
});
export type OnboardingExitInput = z.input<typeof onboardingExitInputSchema>;

/** What the exit removed. Podcasts that already exist are never removed by it (see docs/identity.md). */
export const onboardingExitResultSchema = z.object({
  profileDeleted: z.boolean(),
  logoDeleted: z.boolean(),
});
export type OnboardingExitResult = z.infer<typeof onboardingExitResultSchema>;
