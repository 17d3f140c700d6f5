import { forgetUnfinishedUploads } from '../media-upload/unfinished-upload-keys.js';
import { EXITING_ONBOARDING_KEY } from '../podcasts/exiting-onboarding.js';
import { JUST_COMPLETED_ONBOARDING_KEY } from '../podcasts/just-completed-onboarding.js';
import { LAST_USED_PODCAST_KEY } from '../podcasts/podcast-ids.js';
import { SIGN_IN_RETURN_KEY } from './sign-in-return.js';

// What the app keeps on the device about the signed-in person (spec 1 §7 "Browser storage"), and the URLs of their
// unfinished uploads. The theme preference belongs to the device and stays.
const localKeys = [LAST_USED_PODCAST_KEY, JUST_COMPLETED_ONBOARDING_KEY];
const sessionKeys = [EXITING_ONBOARDING_KEY, SIGN_IN_RETURN_KEY];

/** Forgets the signed-in person's traces on this device, after logging out. */
export function clearSignedInStorage(): void {
  try {
    for (const key of localKeys) window.localStorage.removeItem(key);
    forgetUnfinishedUploads(window.localStorage);
    for (const key of sessionKeys) window.sessionStorage.removeItem(key);
  } catch {
    // Storage can be unavailable (privacy modes); there is then nothing to forget.
  }
}
