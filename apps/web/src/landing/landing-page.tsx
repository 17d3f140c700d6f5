import { Box } from '@mantine/core';
import { Navigate, useSearchParams } from 'react-router-dom';
import { LandingCallToAction, LandingFooter } from './landing-closing.js';
import { LandingFeatures } from './landing-features.js';
import { LandingHeader } from './landing-header.js';
import { LandingHero } from './landing-hero.js';

export function LandingPage() {
  const [searchParams] = useSearchParams();
  // Signing out lands on '/?logout=true'; the marker is dropped from the address.
  if (searchParams.get('logout') === 'true') return <Navigate to="/" replace />;

  return (
    <Box mih="100dvh">
      <LandingHeader />
      <main>
        <LandingHero />
        <LandingFeatures />
        <LandingCallToAction />
      </main>
      <LandingFooter />
    </Box>
  );
}
