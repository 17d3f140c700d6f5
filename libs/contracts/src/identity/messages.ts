import { z } from 'zod';
import { defineEvent, defineRequest } from '../messaging/definitions.js';
import { deletionStatusSchema, userDeletionRequestedPayload } from './deletion.js';
import {
  createProfileInputSchema,
  setAvatarInputSchema,
  updateProfileInputSchema,
  usernameAvailabilitySchema,
  userProfileSchema,
} from './profile.js';
import { updateSettingsInputSchema, userSettingsSchema } from './settings.js';

const user = { userId: z.string().min(1) };

export const identityRequests = {
  getProfile: defineRequest(
    'identity.profile.get',
    z.object(user),
    z.object({ profile: userProfileSchema.nullable() }),
  ),
  createProfile: defineRequest(
    'identity.profile.create',
    z.object({ ...user, tokenEmail: z.string().nullable(), input: createProfileInputSchema }),
    userProfileSchema,
  ),
  updateProfile: defineRequest(
    'identity.profile.update',
    z.object({ ...user, input: updateProfileInputSchema }),
    userProfileSchema,
  ),
  checkUsername: defineRequest(
    'identity.username.check',
    z.object({ ...user, username: z.string() }),
    usernameAvailabilitySchema,
  ),
  setAvatar: defineRequest(
    'identity.avatar.set',
    z.object({ ...user, input: setAvatarInputSchema }),
    userProfileSchema,
  ),
  removeAvatar: defineRequest('identity.avatar.remove', z.object(user), userProfileSchema),
  /** Onboarding's Exit: removes the profile of a user who has no podcast yet (see docs/identity.md). */
  abandonOnboarding: defineRequest(
    'identity.onboarding.abandon',
    z.object({ ...user, hasPodcasts: z.boolean() }),
    z.object({ profileDeleted: z.boolean() }),
  ),
  getSettings: defineRequest('identity.settings.get', z.object(user), userSettingsSchema),
  updateSettings: defineRequest(
    'identity.settings.update',
    z.object({ ...user, input: updateSettingsInputSchema }),
    userSettingsSchema,
  ),
  requestDeletion: defineRequest('identity.deletion.request', z.object(user), deletionStatusSchema),
  retryDeletion: defineRequest('identity.deletion.retry', z.object(user), deletionStatusSchema),
  getDeletion: defineRequest(
    'identity.deletion.get',
    z.object(user),
    z.object({ deletion: deletionStatusSchema.nullable() }),
  ),
} as const;

export const identityEvents = {
  userDeletionRequested: defineEvent('identity.user.deletion-requested', userDeletionRequestedPayload),
  /** A user saved a new username in their profile: the catalog moves their podcasts' feed addresses. */
  usernameChanged: defineEvent(
    'identity.user.username-changed',
    z.object({ userId: z.string().min(1), username: z.string(), previousUsername: z.string() }),
  ),
} as const;

/** What the web app needs to sign in: the issuer and client, read at run time from GET /api/auth/config. */
export const authConfigSchema = z.object({
  authority: z.string(),
  clientId: z.string(),
  scope: z.string(),
  /** Sent as `audience` on the authorize request when the issuer needs it (Auth0). */
  audience: z.string().nullable(),
  /** Extra authorize parameters that open the issuer's sign-up screen (Get Started). */
  signUpParams: z.record(z.string(), z.string()),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;
