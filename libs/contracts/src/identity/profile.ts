import { z } from 'zod';
import { mediaIdSchema } from '../media/media-id.js';
import { PRODUCT_NAME } from '../shared/product.js';
import { emailSchema } from '../shared/validation.js';

/** display_name's default in the data layer (spec 1 §3). */
export const DEFAULT_DISPLAY_NAME = `${PRODUCT_NAME} Creator`;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const SHARED_USERNAME_MIN = 2;
export const SHARED_USERNAME_MAX = 50;
export const NAME_MAX = 50;
export const BIO_MAX = 500;
/** Availability is checked this long after typing stops, and only for USERNAME_MIN+ characters. */
export const USERNAME_CHECK_DEBOUNCE_MS = 500;
export const SUCCESS_BANNER_MS = 3000;

export const profileMessages = {
  firstNameRequired: 'First name is required',
  firstNameTooLong: 'First name must be 50 characters or less',
  lastNameRequired: 'Last name is required',
  lastNameTooLong: 'Last name must be 50 characters or less',
  usernameRequired: 'Username is required',
  usernameRule: 'Username must be 3-30 characters, alphanumeric + underscore only',
  usernameTaken: 'That username is already taken',
  usernameFormatInvalid: 'Username format is invalid',
  sharedUsernameRule: 'Username must be 2-50 characters: letters, numbers, dots, hyphens and underscores',
  bioTooLong: 'Bio must be less than 500 characters',
  fixEmailBeforeSaving: 'Please fix email validation error before saving',
  profileUpdated: 'Profile updated successfully!',
  pictureUpdated: 'Profile picture updated successfully!',
  pictureRemoved: 'Profile picture removed successfully!',
  failedToLoad: 'Failed to Load Profile',
  failedToLoadProfile: 'Failed to load profile',
  failedToUpdate: 'Failed to update profile',
  avatarUploadFailed: 'Avatar upload failed',
  avatarDeleteFailed: 'Failed to delete avatar',
  createUnauthorized: 'Authentication failed. Please try logging out and back in.',
  createFailed: 'Failed to create profile. Please try again.',
  createUnexpected: 'An unexpected error occurred. Please try again.',
  avatarHint: 'Recommended: 400x400 pixels or larger',
  noProfile: 'No user profile found',
  rssFeedActive: 'Active',
  rssFeedNotGenerated: 'Not generated',
  rssStatusFailed: 'Failed to fetch RSS status',
} as const;

/** The onboarding username rule: 3–30 letters, digits and underscores. */
export const ONBOARDING_USERNAME_PATTERN = /^[A-Za-z0-9_]{3,30}$/;
/** The shared username rule (profile settings): 2–50 letters, digits, dots, hyphens and underscores. */
export const SHARED_USERNAME_PATTERN = /^[A-Za-z0-9._-]{2,50}$/;

export const onboardingUsernameSchema = z
  .string({ error: profileMessages.usernameRequired })
  .trim()
  .min(1, profileMessages.usernameRequired)
  .regex(ONBOARDING_USERNAME_PATTERN, profileMessages.usernameRule);

export const sharedUsernameSchema = z
  .string({ error: profileMessages.usernameRequired })
  .trim()
  .min(1, profileMessages.usernameRequired)
  .regex(SHARED_USERNAME_PATTERN, profileMessages.sharedUsernameRule);

const firstNameSchema = z
  .string({ error: profileMessages.firstNameRequired })
  .trim()
  .min(1, profileMessages.firstNameRequired)
  .max(NAME_MAX, profileMessages.firstNameTooLong);
const lastNameSchema = z
  .string({ error: profileMessages.lastNameRequired })
  .trim()
  .min(1, profileMessages.lastNameRequired)
  .max(NAME_MAX, profileMessages.lastNameTooLong);

/** An IANA time zone the runtime knows; UTC when unknown. */
const knownTimezoneSchema = z
  .string()
  .trim()
  .transform((zone) => (isKnownTimezone(zone) ? zone : 'UTC'));
/** The timezone given at creation: UTC when none or an unknown one is given. */
export const timezoneSchema = knownTimezoneSchema.default('UTC');

export function isKnownTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone !== '';
  } catch {
    return false;
  }
}

/** Phase 1 of onboarding, 'Set Up Your Profile'. */
export const createProfileInputSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  username: onboardingUsernameSchema,
  timezone: timezoneSchema,
  emailOptIn: z.boolean().default(false),
  /** Taken from the token when the issuer puts it there; else the caller says it. */
  email: emailSchema.optional(),
});
export type CreateProfileInput = z.input<typeof createProfileInputSchema>;

export const bioSchema = z.string().max(BIO_MAX - 1, profileMessages.bioTooLong);

/** Profile settings' Save Changes (and the settings Account tab). */
export const updateProfileInputSchema = z
  .object({
    username: sharedUsernameSchema,
    email: emailSchema,
    bio: bioSchema,
    displayName: z.string().trim().min(1).max(100),
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    // No default here: an update that leaves the timezone out must not reset it to UTC.
    timezone: knownTimezoneSchema,
    emailOptIn: z.boolean(),
    onboardingComplete: z.literal(true),
  })
  .partial();
export type UpdateProfileInput = z.input<typeof updateProfileInputSchema>;

export const userProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  bio: z.string(),
  avatarUrl: z.string().nullable(),
  avatarMediaId: z.uuid().nullable(),
  timezone: z.string(),
  emailOptIn: z.boolean(),
  onboardingComplete: z.boolean(),
  rssFeedUrl: z.string().nullable(),
  rssFeedUrls: z.array(z.string()),
  rssGeneratedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const usernameAvailabilitySchema = z.object({
  username: z.string(),
  available: z.boolean(),
  /** Set when the name breaks the format rule (then available is false). */
  reason: z.enum(['username_taken', 'invalid_username_format']).nullable(),
});
export type UsernameAvailability = z.infer<typeof usernameAvailabilitySchema>;

export const setAvatarInputSchema = z.object({ mediaId: mediaIdSchema });
export type SetAvatarInput = z.input<typeof setAvatarInputSchema>;
