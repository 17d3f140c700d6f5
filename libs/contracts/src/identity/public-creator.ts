import { z } from 'zod';
import { defineRequest } from '../messaging/definitions.js';

/**
 * The creator's card on their public podcast and episode pages: name, picture and bio, nothing else of the profile
 * (never the e-mail or the id). Shown only while the creator's `profilePublic` is on.
 */
export const publicCreatorSchema = z.object({
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
  bio: z.string(),
});
export type PublicCreator = z.infer<typeof publicCreatorSchema>;

/**
 * What the public pages may show of a podcast's owner: the card (null when the profile is not public, or the user
 * has no profile, or the account is being deleted) and whether the owner shares the podcast's figures.
 */
export const publicOwnerSchema = z.object({
  creator: publicCreatorSchema.nullable(),
  analyticsSharing: z.boolean(),
});
export type PublicOwner = z.infer<typeof publicOwnerSchema>;

/** The owner no one may see: an unknown or erased user's answer. */
export const HIDDEN_PUBLIC_OWNER: PublicOwner = { creator: null, analyticsSharing: false };

/** Requests anyone may make (no caller): what the public pages read about a podcast's owner. */
export const publicProfileRequests = {
  /**
   * By the owner's user id, which the catalog answers the gateway with (never by the podcast's `ownerUsername`: that
   * is the sign-in's username when the podcast was made, which another profile may hold); never an error for an
   * unknown one.
   */
  getPublicOwner: defineRequest(
    'identity.public-owner.get',
    z.object({ userId: z.string().min(1) }),
    publicOwnerSchema,
  ),
} as const;

/** What the public pages say beside the creator's card. */
export const publicCreatorMessages = {
  heading: 'About the creator',
} as const;
