import type { ComponentType } from 'react';
import {
  ChartBarIcon,
  CoinsIcon,
  HomeIcon,
  ListIcon,
  PodcastsIcon,
  SettingsIcon,
  VideoIcon,
  WandIcon,
  type IconProps,
} from '../shared/icons/icons.js';
import type { PodcastSegment } from '../shared/podcasts/podcast-paths.js';

export interface ShellNavItem {
  label: string;
  segment: PodcastSegment;
  Icon: ComponentType<IconProps>;
}

export const shellNavItems: readonly ShellNavItem[] = [
  { label: 'Overview', segment: 'dashboard', Icon: HomeIcon },
  { label: 'Episodes', segment: 'episodes', Icon: ListIcon },
  { label: 'Videos', segment: 'videos', Icon: VideoIcon },
  { label: 'Monetization', segment: 'monetization', Icon: CoinsIcon },
  { label: 'Analytics', segment: 'analytics', Icon: ChartBarIcon },
  { label: 'Podcasts', segment: 'podcasts', Icon: PodcastsIcon },
  { label: 'Transcribe & Edit', segment: 'ai/transcribe-edit', Icon: WandIcon },
  { label: 'Settings', segment: 'settings', Icon: SettingsIcon },
];
