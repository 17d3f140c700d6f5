import { profileMessages } from '../identity/profile.js';
import { imageMessages } from '../media/image-messages.js';
import { episodeMessages } from '../catalog/episode-messages.js';
import { contributorMessages } from '../catalog/roles.js';
import { directoryErrorMessages } from '../feeds/directory-errors.js';

/**
 * Every error that crosses a boundary has a stable code, the HTTP status the gateway answers with,
 * and the message a person sees. Services throw `DomainError`s with these codes; the gateway and the
 * web app read the same table.
 */
export const errorCatalogue = {
  // generic
  VALIDATION_FAILED: { status: 400, message: 'Data validation error. Please check your information.' },
  UNAUTHENTICATED: { status: 401, message: 'User not authenticated. Please log in again.' },
  FORBIDDEN: { status: 403, message: 'You do not have access to this resource.' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  BUS_TIMEOUT: { status: 504, message: 'The service did not answer in time. Please try again in a moment.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is unavailable. Please try again in a moment.' },
  INTERNAL: { status: 500, message: 'An unexpected error occurred' },
  /** oEmbed answers a format it does not produce (xml) with 501, as https://oembed.com asks. */
  OEMBED_FORMAT_NOT_IMPLEMENTED: { status: 501, message: 'Only the json format is available' },
  // catalog
  PODCAST_NOT_FOUND: { status: 404, message: 'Podcast not found' },
  EPISODE_NOT_FOUND: { status: 404, message: 'Episode not found' },
  SLUG_TAKEN: { status: 409, message: 'That podcast address is already taken' },
  EPISODE_ALREADY_PUBLISHED: { status: 409, message: 'Episode is already published' },
  EPISODE_HAS_NO_MEDIA: { status: 422, message: episodeMessages.mediaRequiredToPublish },
  EPISODE_NOT_PUBLISHED: { status: 409, message: 'Only a published episode can be unpublished' },
  EPISODE_NOT_SCHEDULED: { status: 409, message: 'Only a scheduled episode can have its schedule canceled' },
  /** A save made from an older revision than the stored one (optimistic concurrency). */
  EPISODE_EDIT_CONFLICT: { status: 409, message: episodeMessages.editConflict },
  VERSION_NOT_FOUND: { status: 404, message: episodeMessages.versionNotFound },
  /** The caller's role on the podcast does not allow the action. */
  PODCAST_ROLE_FORBIDDEN: { status: 403, message: "You don't have permission to do this on this podcast." },
  EPISODE_PUBLISH_FORBIDDEN: { status: 403, message: episodeMessages.publishForbidden },
  CONTRIBUTOR_NOT_FOUND: { status: 404, message: 'Contributor not found' },
  CONTRIBUTOR_EXISTS: { status: 409, message: contributorMessages.alreadyContributor },
  OWNER_CANNOT_BE_REMOVED: { status: 409, message: contributorMessages.ownerCannotBeRemoved },
  OWNER_ROLE_FIXED: { status: 409, message: contributorMessages.ownerRoleFixed },
  // spec 2 §8: the database's refusals, as the direct insert reported them
  DATABASE_PERMISSION_DENIED: {
    status: 403,
    message:
      'Row Level Security (RLS) policy violation. Please check your database permissions or contact support.',
  },
  EPISODE_TITLE_TAKEN: {
    status: 409,
    message: 'Episode with this title already exists. Please choose a different title.',
  },
  PODCAST_REFERENCE_INVALID: {
    status: 422,
    message: 'Invalid podcast ID. Please ensure the podcast exists and you have access to it.',
  },
  /** Another refusal of the database; the message is 'Database error: {message}'. */
  DATABASE_ERROR: { status: 422, message: 'Database error' },
  // media
  MEDIA_NOT_FOUND: { status: 404, message: 'Media file not found' },
  MEDIA_UNREADABLE: { status: 422, message: 'The file could not be read as audio, video or an image' },
  UPLOAD_FAILED: { status: 500, message: 'Upload failed' },
  /** The spec's per-kind message is given with the error ('Audio file must be less than 500MB', ...). */
  UPLOAD_TOO_LARGE: { status: 413, message: 'File is too large' },
  /** The bytes are not what the creator may upload here; the spec's message for the declared kind is given. */
  UPLOAD_REFUSED: { status: 422, message: 'Unsupported file type. Please upload audio or video.' },
  UPLOAD_NOT_FOUND: { status: 404, message: 'Upload not found. Start the upload again.' },
  PLAN_STORAGE_EXCEEDED: { status: 413, message: 'Not enough storage left on your plan' },
  PLAN_EPISODES_EXCEEDED: { status: 403, message: 'Your plan allows no more episodes' },
  MEDIA_IN_USE: {
    status: 409,
    message: 'This file is still used by a podcast or an episode. Remove it there first.',
  },
  JOB_NOT_FOUND: { status: 404, message: 'Processing job not found' },
  JOB_NOT_RETRYABLE: { status: 409, message: 'Only a failed job can be run again' },
  // feeds
  FEED_NOT_FOUND: { status: 404, message: 'Feed not found' },
  /** A private podcast's feed or episode file asked for without its `token` query parameter. */
  FEED_TOKEN_REQUIRED: {
    status: 401,
    message: "This podcast is private. Use the feed link with its token from the podcast's RSS settings.",
  },
  /** A private podcast's feed or episode file asked for with a token that is not (or no longer) its current one. */
  FEED_TOKEN_INVALID: {
    status: 401,
    message: 'This private feed link is no longer valid. Ask the podcast owner for the new link.',
  },
  DIRECTORY_ALREADY_APPROVED: { status: 409, message: directoryErrorMessages.alreadyApproved },
  DIRECTORY_NOT_READY: { status: 422, message: directoryErrorMessages.notReadyForSubmission },
  // media images
  IMAGE_TYPE_NOT_ALLOWED: { status: 415, message: imageMessages.typeNotAllowed },
  // gateway: fetching a URL a user gave (lightning-address lookups, transcript previews)
  REMOTE_URL_NOT_ALLOWED: {
    status: 422,
    message: 'Only public http or https addresses can be fetched',
  },
  REMOTE_FETCH_FAILED: { status: 422, message: 'The remote server could not be reached' },
  REMOTE_FETCH_TIMEOUT: { status: 422, message: 'The remote server did not answer in time' },
  REMOTE_FILE_TOO_LARGE: { status: 422, message: 'The remote file is too large' },
  REMOTE_NOT_TEXT: { status: 422, message: 'The remote file is not a text file' },
  REMOTE_HTTP_ERROR: { status: 422, message: 'The remote server answered with an error' },
  // identity
  PROFILE_NOT_FOUND: { status: 404, message: 'User profile not found' },
  PROFILE_EXISTS: {
    status: 409,
    message: 'Data already exists. This might be expected - trying to continue.',
  },
  USERNAME_TAKEN: { status: 409, message: profileMessages.usernameTaken },
  INVALID_USERNAME_FORMAT: { status: 400, message: profileMessages.usernameFormatInvalid },
  DELETION_NOT_CONFIRMED: { status: 400, message: 'Please type DELETE MY ACCOUNT to confirm' },
  DELETION_NOT_FOUND: { status: 404, message: 'No account deletion is in progress' },
  DELETION_IN_PROGRESS: { status: 409, message: 'Your account is being deleted' },
  UNSUBSCRIBE_LINK_INVALID: {
    status: 400,
    message: 'This unsubscribe link is not valid. Change your e-mails in your notification settings.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred';

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(errorCatalogue, code);
}

/** The spec's wrapping of a failed operation: '{Operation} failed: {reason}'. */
export function operationFailedMessage(operation: string, reason: string | undefined): string {
  return `${operation} failed: ${reason && reason.trim() ? reason : UNEXPECTED_ERROR_MESSAGE}`;
}
