import type { ComponentType, CSSProperties } from 'react';
import {
  BroadcastIcon,
  ChartBarIcon,
  CoinsIcon,
  ServerIcon,
  ShieldIcon,
  SparklesIcon,
  type IconProps,
} from '../shared/icons/icons.js';
import classes from './landing.module.css';

const features: ReadonlyArray<{
  title: string;
  description: string;
  Icon: ComponentType<IconProps>;
  color: string;
}> = [
  {
    title: 'Professional Hosting',
    description:
      'Reliable storage and fast delivery for your audio and video, with an RSS feed generated for every show.',
    Icon: ServerIcon,
    color: 'blue',
  },
  {
    title: 'AI-Powered Tools',
    description: 'Transcribe episodes and draft titles, show notes, chapters and clips in a few clicks.',
    Icon: SparklesIcon,
    color: 'violet',
  },
  {
    title: 'Multi-Platform Distribution',
    description:
      'Standards-compliant feeds with Podcasting 2.0 tags, ready for Apple Podcasts, Spotify and every podcast app.',
    Icon: BroadcastIcon,
    color: 'cyan',
  },
  {
    title: 'Detailed Analytics',
    description:
      'Plays, listeners, completion, geography, devices and sources — exportable as CSV, JSON or PDF.',
    Icon: ChartBarIcon,
    color: 'teal',
  },
  {
    title: 'Monetization',
    description:
      'Run dynamic ad campaigns with creatives and placements you control, across your whole catalogue.',
    Icon: CoinsIcon,
    color: 'yellow',
  },
  {
    title: 'Secure & Private',
    description:
      'Sign in through your identity provider, keep feeds private with rotatable tokens, and export or delete your data at any time.',
    Icon: ShieldIcon,
    color: 'indigo',
  },
];

export function LandingFeatures() {
  return (
    <section className={classes.container} id="features" aria-labelledby="features-title">
      <div className={classes.features}>
        <div className={classes.featuresIntro}>
          <h2 id="features-title" className={classes.featuresTitle}>
            Everything your show needs
          </h2>
          <p className={`${classes.dimmed} ${classes.featuresLead}`}>
            From the first upload to a growing audience, Castbase keeps hosting, publishing and insight in one
            place.
          </p>
        </div>
        <div className={classes.featureGrid}>
          {features.map(({ title, description, Icon, color }) => (
            <article key={title} className={classes.featureCard}>
              <div
                className={classes.featureIcon}
                style={
                  {
                    '--feature-light': `var(--mantine-color-${color}-light)`,
                    '--feature-light-color': `var(--mantine-color-${color}-light-color)`,
                  } as CSSProperties
                }
              >
                <Icon size={26} />
              </div>
              <h3 className={classes.featureTitle}>{title}</h3>
              <p className={`${classes.dimmed} ${classes.featureText}`}>{description}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
