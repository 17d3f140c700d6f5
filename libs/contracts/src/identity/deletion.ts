import { z } from 'zod';
import { defineEvent } from '../messaging/definitions.js';
import { SERVICE_NAMES, type ServiceName } from '../services.js';

/** Typed, case-insensitively, to confirm account deletion. */
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE MY ACCOUNT';
/** After success the app goes to '/' this long after, with storage cleared and the session ended. */
export const DELETE_ACCOUNT_REDIRECT_MS = 2000;
/** A deletion whose services have not all confirmed by then is reported as partial (and can be retried). */
export const DELETION_CONFIRMATION_WINDOW_MS = 30_000;

export const deletionMessages = {
  confirmationHint: `Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm`,
  confirmationMismatch: `Please type ${DELETE_ACCOUNT_CONFIRMATION} to confirm`,
  dialogTitle: 'Are you absolutely sure?',
  whatIsDeleted: [
    'Your profile',
    'All your episodes and their metadata',
    'Your RSS feeds and analytics',
    'All uploaded media files',
  ],
  failed: 'Failed to delete account',
  failedTryAgain: 'Failed to delete account. Please try again.',
  partial: 'Account deletion completed with errors. Some data may remain.',
  succeeded: 'Your account has been deleted.',
  inProgress: 'Deleting your account...',
  signingOut: 'Signing you out...',
  remaining: 'Not deleted yet:',
  /** A failed deletion call, from its HTTP status and the answer's error text. */
  httpError: (status: number, text: string) => `HTTP ${status}: ${text}`,
} as const;

/** How each service's step of a deletion is named on the progress list. */
export const deletionStepLabels: Readonly<Record<ServiceName, string>> = {
  identity: 'Profile and settings',
  catalog: 'Podcasts and episodes',
  media: 'Uploaded media files',
  feeds: 'RSS feeds',
  analytics: 'Analytics',
  monetization: 'Ads and campaigns',
  social: 'Social media connections and posts',
};

export function isDeletionConfirmed(typed: string): boolean {
  return typed.trim().toUpperCase() === DELETE_ACCOUNT_CONFIRMATION;
}

export const requestDeletionInputSchema = z.object({
  confirmation: z.string().refine(isDeletionConfirmed, deletionMessages.confirmationMismatch),
});
export type RequestDeletionInput = z.input<typeof requestDeletionInputSchema>;

/** The services that hold a user's data apart from identity, which erases its own part last. */
export const ERASING_SERVICES = SERVICE_NAMES.filter(
  (service): service is Exclude<ServiceName, 'identity'> => service !== 'identity',
);
export type ErasingService = (typeof ERASING_SERVICES)[number];

export const deletionStepStatusSchema = z.enum(['pending', 'done']);
export const deletionStepSchema = z.object({
  service: z.enum(SERVICE_NAMES),
  status: deletionStepStatusSchema,
  /** What was removed, by kind ('podcasts', 'episodes', 'files', ...). */
  removed: z.record(z.string(), z.number().int().nonnegative()),
  completedAt: z.iso.datetime().nullable(),
});
export type DeletionStep = z.infer<typeof deletionStepSchema>;

export const deletionStatusSchema = z.object({
  deletionId: z.uuid(),
  /** in_progress until every service confirmed; partial once the confirmation window passed with steps pending. */
  status: z.enum(['in_progress', 'completed', 'partial']),
  requestedAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  attempts: z.number().int().positive(),
  steps: z.array(deletionStepSchema),
});
export type DeletionStatus = z.infer<typeof deletionStatusSchema>;

export const userDeletionRequestedPayload = z.object({
  deletionId: z.uuid(),
  userId: z.string().min(1),
  requestedAt: z.iso.datetime(),
});

/**
 * A service's report that it erased everything it held for the user of a deletion. It carries no user id, so
 * nothing of the user is left in outboxes once the saga is over.
 */
export const userDataErasedPayload = z.object({
  deletionId: z.uuid(),
  service: z.enum(SERVICE_NAMES),
  removed: z.record(z.string(), z.number().int().nonnegative()),
  erasedAt: z.iso.datetime(),
});
export type UserDataErased = z.infer<typeof userDataErasedPayload>;

function erasedEvent<S extends ErasingService>(service: S) {
  return defineEvent(`${service}.user-data.erased`, userDataErasedPayload);
}

/** Each service publishes its own report after erasing; identity consumes them all. */
export const userDataErasedEvents = {
  catalog: erasedEvent('catalog'),
  media: erasedEvent('media'),
  feeds: erasedEvent('feeds'),
  analytics: erasedEvent('analytics'),
  monetization: erasedEvent('monetization'),
  social: erasedEvent('social'),
} as const satisfies Record<ErasingService, unknown>;
