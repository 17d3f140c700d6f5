/** Set on the device when onboarding created a podcast (spec 1 §4 "Onboarding submit", step 5). */
export const JUST_COMPLETED_ONBOARDING_KEY = 'justCompletedOnboarding';

export function markJustCompletedOnboarding(): void {
  try {
    window.localStorage.setItem(JUST_COMPLETED_ONBOARDING_KEY, 'true');
  } catch {
    // Without storage the dashboard simply does not greet a new podcast.
  }
}
