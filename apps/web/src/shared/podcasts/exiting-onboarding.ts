import { useEffect, useState } from 'react';

/** Set while a person leaves onboarding on purpose, so the placeholder dashboard lets them in once. */
export const EXITING_ONBOARDING_KEY = 'exitingOnboarding';

export function markExitingOnboarding(): void {
  try {
    window.sessionStorage.setItem(EXITING_ONBOARDING_KEY, 'true');
  } catch {
    // Without storage the placeholder route resolves as usual.
  }
}

/** True when the marker was set; the marker is spent on first use. */
export function useExitingOnboardingOnce(): boolean {
  const [exiting] = useState(() => {
    try {
      return window.sessionStorage.getItem(EXITING_ONBOARDING_KEY) === 'true';
    } catch {
      return false;
    }
  });
  useEffect(() => {
    if (exiting) window.sessionStorage.removeItem(EXITING_ONBOARDING_KEY);
  }, [exiting]);
  return exiting;
}
