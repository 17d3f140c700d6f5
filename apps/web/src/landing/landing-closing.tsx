import { ArrowRightIcon } from '../shared/icons/icons.js';
import { PRODUCT_NAME } from '../shared/brand/castbase-mark.js';
import { LandingButton } from './landing-button.js';
import { LandingLogo } from './landing-logo.js';
import { useLandingActions } from './landing-actions.js';
import classes from './landing.module.css';

export function LandingCallToAction() {
  const { status, getStarted, openDashboard } = useLandingActions();
  const signedIn = status === 'signed-in';
  return (
    <section className={`${classes.container} ${classes.closingSection}`} aria-labelledby="closing-title">
      <div className={classes.closing}>
        <div className={classes.closingText}>
          <h2 id="closing-title" className={classes.closingTitle}>
            Ready to share your voice?
          </h2>
          <p className={classes.closingLead}>
            Create your podcast in minutes and publish your first episode today.
          </p>
        </div>
        <LandingButton
          size="lg"
          variant="white"
          onClick={signedIn ? openDashboard : getStarted}
          rightSection={<ArrowRightIcon size={18} />}
        >
          {signedIn ? 'Go to Dashboard' : 'Get Started'}
        </LandingButton>
      </div>
    </section>
  );
}

export function LandingFooter() {
  const { status, signIn, getStarted } = useLandingActions();
  return (
    <footer className={classes.footer}>
      <div className={`${classes.container} ${classes.footerBar}`}>
        <div className={classes.footerBrand}>
          <LandingLogo size={26} />
          <p className={`${classes.dimmed} ${classes.small}`}>Open-source podcast hosting and publishing.</p>
        </div>
        <nav className={classes.footerLinks} aria-label="Footer">
          <a className={`mantine-focus-auto ${classes.footerLink}`} href="#features">
            Features
          </a>
          {status === 'signed-out' && (
            <>
              <button
                type="button"
                className={`mantine-focus-auto ${classes.footerLink}`}
                onClick={getStarted}
              >
                Get Started
              </button>
              <button type="button" className={`mantine-focus-auto ${classes.footerLink}`} onClick={signIn}>
                Sign In
              </button>
            </>
          )}
        </nav>
      </div>
      <div className={classes.container}>
        <p className={`${classes.dimmed} ${classes.copyright}`}>
          © {new Date().getFullYear()} {PRODUCT_NAME} · Free software under the AGPL-3.0 licence
        </p>
      </div>
    </footer>
  );
}
