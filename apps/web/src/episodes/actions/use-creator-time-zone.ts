import { useProfile } from '../../profile/profile-api.js';
import { browserTimeZone, isKnownTimeZone } from './schedule-time.js';

/** The timezone the creator chose in their profile, else the browser's (while the profile loads, or without one). */
export function useCreatorTimeZone(): string {
  const profile = useProfile();
  const chosen = profile.data?.timezone;
  return chosen && isKnownTimeZone(chosen) ? chosen : browserTimeZone();
}
