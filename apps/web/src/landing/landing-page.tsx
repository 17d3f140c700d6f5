import type { ReactNode } from 'react';
import { mainContentProps, SkipToContent } from '../shared/layout/skip-to-content.js';
import { useDocumentTitle } from '../shared/layout/document-title.js';
import { LandingActionsContext, type LandingActions } from './landing-actions.js';
import { LandingCallToAction, LandingFooter } from './landing-closing.js';
import { LandingFeatures } from './landing-features.js';
import { LandingHeader } from './landing-header.js';
import { LandingHero } from './landing-hero.js';
import classes from './landing.module.css';

interface LandingPageProps {
  actions: LandingActions;
  /** The top bar's theme switch: the app's, or the first-paint entry's, which needs no Mantine. */
  themeSwitch: ReactNode;
}

/**
 * The landing page is plain React and CSS over the theme's CSS variables (no Mantine components), so that the
 * first-paint entry can show it without loading the app; the app shows the same page.
 */
export function LandingPage({ actions, themeSwitch }: LandingPageProps) {
  useDocumentTitle(null);
  return (
    <LandingActionsContext value={actions}>
      <div className={classes.page}>
        <SkipToContent />
        <LandingHeader themeSwitch={themeSwitch} />
        <main {...mainContentProps}>
          <LandingHero />
          <LandingFeatures />
          <LandingCallToAction />
        </main>
        <LandingFooter />
      </div>
    </LandingActionsContext>
  );
}
