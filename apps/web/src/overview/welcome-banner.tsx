import { dashboardMessages as text } from '@castbase/contracts';
import { useEffect, useState } from 'react';
import { SuccessBanner } from '../shared/layout/feedback-banners.js';
import {
  clearJustCompletedOnboarding,
  isJustCompletedOnboarding,
} from '../shared/podcasts/just-completed-onboarding.js';

/** Greets a podcast onboarding has just created, once: the marker is cleared as soon as the greeting shows. */
export function WelcomeBanner({ podcastName }: { podcastName: string }) {
  const [greeting, setGreeting] = useState(isJustCompletedOnboarding);
  useEffect(() => {
    if (greeting) clearJustCompletedOnboarding();
  }, [greeting]);
  return (
    <SuccessBanner message={greeting ? text.welcome(podcastName) : null} onClose={() => setGreeting(false)} />
  );
}
