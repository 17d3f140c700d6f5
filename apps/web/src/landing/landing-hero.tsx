import { ArrowRightIcon, MicrophoneIcon } from '../shared/icons/icons.js';
import { LandingButton } from './landing-button.js';
import { useLandingActions } from './landing-actions.js';
import classes from './landing.module.css';

// Relative bar heights of the decorative waveform; the staggered delays make it ripple.
const waveBars = [0.35, 0.6, 0.9, 0.5, 0.75, 1, 0.65, 0.4, 0.8, 0.55, 0.95, 0.45, 0.7, 0.3];

export function LandingHero() {
  const { status, signIn, getStarted, openDashboard } = useLandingActions();

  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <div className={`${classes.container} ${classes.heroGrid}`}>
        <div className={classes.heroText}>
          <span className={classes.badge}>Open-source podcast hosting</span>
          <h1 id="hero-title" className={classes.heroTitle}>
            Launch Your Podcast <span className={classes.highlight}>to the World</span>
          </h1>
          <p className={`${classes.dimmed} ${classes.heroLead}`}>
            Host your show, publish episodes on your schedule and reach listeners on every podcast app — with
            AI helpers, clear analytics and monetization built in.
          </p>
          <div className={classes.row}>
            {status === 'signed-in' ? (
              <LandingButton size="lg" onClick={openDashboard} rightSection={<ArrowRightIcon size={18} />}>
                Go to Dashboard
              </LandingButton>
            ) : (
              <>
                <LandingButton size="lg" onClick={getStarted} rightSection={<ArrowRightIcon size={18} />}>
                  Get Started Free
                </LandingButton>
                <LandingButton size="lg" variant="default" onClick={signIn}>
                  Sign In
                </LandingButton>
              </>
            )}
          </div>
        </div>

        <div className={classes.stage} aria-hidden="true">
          <div className={classes.stageMic}>
            <MicrophoneIcon size={44} strokeWidth={1.6} />
          </div>
          <div className={classes.wave}>
            {waveBars.map((height, index) => (
              <span key={index} style={{ height: `${height * 100}%`, animationDelay: `${index * 90}ms` }} />
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
