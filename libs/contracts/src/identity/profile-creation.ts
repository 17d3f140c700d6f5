import { profileMessages } from './profile.js';

export const profileCreationMessages = {
  usernameAvailable: 'Username is available',
  signInRequired: 'Sign in or create an account to set up your profile and podcast.',
} as const;

/**
 * Spec 1 §8 "Profile creation": what a failed POST /api/profile reads as. A taken or malformed username by its
 * code, an HTTP 401, any other error, and a failure that is not an error at all.
 */
export function profileCreationErrorMessage(failure: unknown): string {
  const code = fieldOf(failure, 'code');
  if (typeof code === 'string' && code.toLowerCase() === 'username_taken')
    return profileMessages.usernameTaken;
  if (typeof code === 'string' && code.toLowerCase() === 'invalid_username_format') {
    return profileMessages.usernameFormatInvalid;
  }
  if (fieldOf(failure, 'status') === 401) return profileMessages.createUnauthorized;
  return failure instanceof Error ? profileMessages.createFailed : profileMessages.createUnexpected;
}

function fieldOf(value: unknown, field: string): unknown {
  return value !== null && typeof value === 'object' && field in value
    ? (value as Record<string, unknown>)[field]
    : undefined;
}
