import { Box } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { clearSignedInStorage } from '../shared/auth/signed-in-storage.js';
import { LandingCallToAction, LandingFooter } from './landing-closing.js';
import { LandingFeatures } from './landing-features.js';
import { LandingHeader } from './landing-header.js';
import { LandingHero } from './landing-hero.js';
import { mainContentProps, SkipToContent } from '../shared/layout/skip-to-content.js';
import { useDocumentTitle } from '../shared/layout/document-title.js';

export function LandingPage() {
  useDocumentTitle(null);
  const [searchParams] = useSearchParams();
  if (searchParams.get('logout') === 'true') return <SignedOut />;

  return (
    <Box mih="100dvh">
      <SkipToContent />
      <LandingHeader />
      <main {...mainContentProps}>
        <LandingHero />
        <LandingFeatures />
        <LandingCallToAction />
      </main>
      <LandingFooter />
    </Box>
  );
}

/** The identity provider returns here after Log Out: forget the person's traces on the device, then go home. */
function SignedOut() {
  useEffect(clearSignedInStorage, []);
  return <Navigate to="/" replace />;
}
