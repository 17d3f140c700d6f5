import {
  bioSchema,
  emailProblem,
  sharedUsernameSchema,
  type UpdateProfileInput,
  type UserProfile,
} from '@castbase/contracts';
import type { z } from 'zod';

/** The fields of Profile Info (and of the settings Account section). */
export interface ProfileDetails {
  username: string;
  email: string;
  bio: string;
}
export type ProfileDetailsField = keyof ProfileDetails;
export type ProfileDetailsErrors = Partial<Record<ProfileDetailsField, string>>;

export const profileDetailsFields: readonly ProfileDetailsField[] = ['username', 'email', 'bio'];

export function profileDetailsOf(profile: UserProfile): ProfileDetails {
  return { username: profile.username, email: profile.email, bio: profile.bio };
}

/** The message of the first rule a field's value breaks, or undefined. */
export function profileFieldProblem(field: ProfileDetailsField, value: string): string | undefined {
  switch (field) {
    case 'username':
      return firstIssue(sharedUsernameSchema.safeParse(value));
    case 'email':
      return emailProblem(value) ?? undefined;
    case 'bio':
      return firstIssue(bioSchema.safeParse(value));
  }
}

export function profileDetailsProblems(details: ProfileDetails): ProfileDetailsErrors {
  const problems: ProfileDetailsErrors = {};
  for (const field of profileDetailsFields) {
    const problem = profileFieldProblem(field, details[field]);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** What Save Changes sends: only the fields that differ from the saved profile. */
export function changedProfileDetails(details: ProfileDetails, saved: ProfileDetails): UpdateProfileInput {
  const changes: UpdateProfileInput = {};
  for (const field of profileDetailsFields) {
    if (details[field] !== saved[field]) changes[field] = details[field];
  }
  return changes;
}

function firstIssue(result: z.ZodSafeParseResult<unknown>): string | undefined {
  return result.success ? undefined : result.error.issues[0]?.message;
}
