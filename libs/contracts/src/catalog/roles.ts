import { z } from 'zod';
import { emailSchema } from '../shared/validation.js';

/**
 * A person's role on a podcast (spec 3 §2.6, §5): the owner (one, cannot be removed), editors (create and edit
 * episodes) and viewers (view episodes and analytics). A user with no role on a podcast does not see it at all.
 */
export const podcastRoleSchema = z.enum(['owner', 'editor', 'viewer']);
export type PodcastRole = z.infer<typeof podcastRoleSchema>;

/** The roles an invitation can give. */
export const inviteRoleSchema = z.enum(['editor', 'viewer'], { error: 'Please choose a role' });
export type InviteRole = z.infer<typeof inviteRoleSchema>;

export const podcastRoleLabels: Record<PodcastRole, string> = {
  owner: 'Owner',
  editor: 'Editor',
  viewer: 'Viewer',
};

export const podcastRoleDescriptions: Record<PodcastRole, string> = {
  owner: 'Manages the podcast, its settings and contributors',
  editor: 'Can create and edit episodes',
  viewer: 'Can view episodes and analytics',
};

const ROLE_RANK: Record<PodcastRole, number> = { viewer: 1, editor: 2, owner: 3 };

/** True when `role` may do what `minimum` may (owner ⊇ editor ⊇ viewer). */
export function roleAllows(role: PodcastRole, minimum: PodcastRole): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[minimum];
}

/**
 * What each podcast-scoped action needs. The gateway's guard and the services check the same table, and the web
 * app hides what the caller's role does not allow.
 */
export const podcastPermissions = {
  /** Read the podcast, its episodes, versions, videos and analytics. */
  view: 'viewer',
  /** Create, edit, publish, schedule, duplicate, delete and restore episodes; upload media for them. */
  editEpisodes: 'editor',
  /** Change the podcast's settings, rotate its private token, delete it. */
  manage: 'owner',
  /** Invite, change and remove contributors. */
  manageContributors: 'owner',
} as const satisfies Record<string, PodcastRole>;
export type PodcastPermission = keyof typeof podcastPermissions;

export function can(role: PodcastRole | null | undefined, permission: PodcastPermission): boolean {
  return role != null && roleAllows(role, podcastPermissions[permission]);
}

export const contributorStatusSchema = z.enum(['pending', 'active']);
export type ContributorStatus = z.infer<typeof contributorStatusSchema>;

/**
 * A person on a podcast. An invitation is `pending` until someone signs in with its e-mail, then `active` with that
 * person's user id. The owner is listed too, always active.
 */
export const contributorSchema = z.object({
  id: z.uuid(),
  podcastId: z.uuid(),
  email: z.string(),
  /** The person's display name once known (their profile's), else null. */
  name: z.string().nullable(),
  userId: z.string().nullable(),
  role: podcastRoleSchema,
  status: contributorStatusSchema,
  invitedBy: z.string().nullable(),
  invitedAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Contributor = z.infer<typeof contributorSchema>;

export const contributorMessages = {
  emailRequired: 'Email is required',
  alreadyContributor: 'This person is already a contributor to this podcast',
  ownerCannotBeRemoved: "The podcast's owner cannot be removed",
  ownerRoleFixed: "The owner's role cannot be changed",
  invited: (email: string) => `Invitation sent to ${email}`,
  loadFailed: 'Failed to load contributors',
  inviteFailed: 'Failed to send the invitation',
  readOnly: "Only the podcast's owner can invite, change or remove contributors.",
  roleChangeFailed: 'Failed to change the role',
  removeFailed: 'Failed to remove the contributor',
  roleChanged: (email: string, role: string) => `${email}'s role is now ${role}`,
  removed: (email: string) => `${email} was removed from this podcast`,
  removeConfirm: (email: string) => `Remove ${email} from this podcast? They lose access at once.`,
  pending: 'Pending',
  active: 'Active',
  pendingHint: 'The invitation becomes active when someone signs in with this e-mail.',
} as const;

export const inviteContributorInputSchema = z.object({
  email: emailSchema,
  role: inviteRoleSchema.default('editor'),
});
export type InviteContributorInput = z.input<typeof inviteContributorInputSchema>;

export const updateContributorInputSchema = z.object({ role: inviteRoleSchema });
export type UpdateContributorInput = z.input<typeof updateContributorInputSchema>;

/** The caller's access to a podcast, as the gateway's guard resolves it. */
export const podcastAccessSchema = z.object({ podcastId: z.uuid(), role: podcastRoleSchema });
export type PodcastAccess = z.infer<typeof podcastAccessSchema>;
