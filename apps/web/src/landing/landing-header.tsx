import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../shared/brand/castbase-mark.js';
import { LandingLogo } from './landing-logo.js';
import { LandingButton } from './landing-button.js';
import { useLandingActions } from './landing-actions.js';
import classes from './landing.module.css';

export function LandingHeader({ themeSwitch }: { themeSwitch: ReactNode }) {
  const { status, user, signIn, getStarted, openDashboard, logOut } = useLandingActions();
  const signedIn = status === 'signed-in';

  return (
    <header className={classes.header}>
      {/* At 320 CSS pixels (a phone, or 400 % zoom) the actions go under the mark instead of off the screen. */}
      <div className={`${classes.container} ${classes.headerBar}`}>
        <button
          type="button"
          className={`mantine-focus-auto ${classes.logoButton}`}
          aria-label={`${PRODUCT_NAME}: ${signedIn ? 'go to your dashboard' : 'back to top'}`}
          onClick={signedIn ? openDashboard : () => window.scrollTo({ top: 0, behavior: 'smooth' })}
        >
          <LandingLogo size={32} wordmarkFromXs />
        </button>

        <div className={classes.headerActions}>
          {signedIn && (
            <p className={`${classes.dimmed} ${classes.welcome}`}>
              Welcome back, {user?.name ?? user?.email ?? 'creator'}
            </p>
          )}
          {themeSwitch}
          {signedIn && (
            <>
              <LandingButton onClick={openDashboard}>Dashboard</LandingButton>
              <LandingButton variant="default" onClick={logOut}>
                Log Out
              </LandingButton>
            </>
          )}
          {status === 'signed-out' && (
            <>
              <LandingButton variant="default" onClick={signIn}>
                Sign In
              </LandingButton>
              <LandingButton onClick={getStarted} fromXs>
                Get Started
              </LandingButton>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
