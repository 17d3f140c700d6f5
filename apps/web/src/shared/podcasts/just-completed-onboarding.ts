/** Set on the device when onboarding created a podcast (spec 1 §4 "Onboarding submit", step 5). */
export const JUST_COMPLETED_ONBOARDING_KEY = 'justCompletedOnboarding';

export function markJustCompletedOnboarding(): void {
  try {
    window.localStorage.setItem(JUST_COMPLETED_ONBOARDING_KEY, 'true');
  } catch {
    // Without storage the dashboard simply does not greet a new podcast.
  }
}

/** Whether onboarding just created a podcast on this device (the dashboard greets it once, then clears it). */
export function isJustCompletedOnboarding(): boolean {
  try {
    return window.localStorage.getItem(JUST_COMPLETED_ONBOARDING_KEY) === 'true';
  } catch {
    return false;
  }
}

export function clearJustCompletedOnboarding(): void {
  try {
    window.localStorage.removeItem(JUST_COMPLETED_ONBOARDING_KEY);
  } catch {
    // Nothing was kept.
  }
}
