import { z } from 'zod';

/** Onboarding's confirmed Exit (`POST /api/onboarding/exit`): the logo uploaded in the wizard, if any, goes too. */
export const onboardingExitInputSchema = z.object({
  logoMediaId: z.uuid('Media id must be a valid id').nullable().optional(),
});
export type OnboardingExitInput = z.input<typeof onboardingExitInputSchema>;

/** What the exit removed. Podcasts that already exist are never removed by it (see docs/identity.md). */
export const onboardingExitResultSchema = z.object({
  profileDeleted: z.boolean(),
  logoDeleted: z.boolean(),
});
export type OnboardingExitResult = z.infer<typeof onboardingExitResultSchema>;
