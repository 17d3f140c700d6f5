// The dashboard overview and the Videos page (spec 2 §2 "Dashboard overview", "Videos page" and §9 "Timing and
// display"): their constants and every text they show.

/** Newest episodes on the dashboard's Recent Episodes card. */
export const RECENT_EPISODES_ON_DASHBOARD = 5;
/** Video episodes in the dashboard's video widget. */
export const VIDEO_WIDGET_EPISODES = 6;

/** How far Left and Right move a video. */
export const VIDEO_KEYBOARD_SEEK_SECONDS = 10;
/** The video player's volume slider step. */
export const VIDEO_VOLUME_STEP = 0.1;

/** The longest short a video can be made into (the media service's `videoRenderSchema` holds the same). */
export const VIDEO_SHORT_MAX_SECONDS = 60;

export const VIDEO_CARD_SIZES = ['small', 'medium', 'large'] as const;
export type VideoCardSize = (typeof VIDEO_CARD_SIZES)[number];
/** A video card's width in pixels and the length its title is cut to. */
export const videoCardLayout: Record<VideoCardSize, { widthPx: number; titleMaxChars: number }> = {
  small: { widthPx: 200, titleMaxChars: 30 },
  medium: { widthPx: 300, titleMaxChars: 50 },
  large: { widthPx: 400, titleMaxChars: 70 },
};

/** A title cut to `maxChars` characters, the last of them an ellipsis; shorter titles are kept whole. */
export function truncateTitle(title: string, maxChars: number): string {
  const characters = Array.from(title);
  if (characters.length <= maxChars) return title;
  return `${characters
    .slice(0, maxChars - 1)
    .join('')
    .trimEnd()}…`;
}

export const dashboardMessages = {
  title: 'Dashboard Overview',
  /** The subtitle: the podcast's name and its episode count. */
  subtitle: (podcastName: string, episodes: number) =>
    `${podcastName} · ${episodes} ${episodes === 1 ? 'episode' : 'episodes'}`,
  uploadEpisode: 'Upload Episode',
  loadFailed: 'Failed to load dashboard',
  tryAgain: 'Try Again',
  totalEpisodes: 'Total Episodes',
  rssFeed: 'RSS Feed',
  rssActive: 'Active',
  rssNotSet: 'Not Set',
  podcastSetup: 'Podcast Setup',
  setupComplete: 'Complete',
  setupIncomplete: 'Incomplete',
  analyticsOverview: 'Analytics Overview',
  viewAll: 'View All',
  noAnalytics: 'No Analytics Data',
  recentEpisodes: 'Recent Episodes',
  noEpisodes: 'No episodes yet',
  edit: 'Edit',
  welcome: (podcastName: string) => `Welcome to ${podcastName}! Your podcast is ready.`,
} as const;

export const videoMessages = {
  title: 'Videos',
  loadFailed: 'Failed to load video',
  retry: 'Retry',
  noVideo: 'No video available',
  audioOnly: 'Audio Only',
  noVideoEpisodes: 'No Video Episodes',
  /** A render's time field left empty. */
  secondsRequired: 'Enter a time in seconds',
  trim: 'Trim',
  exportVideo: 'Export',
  createShort: 'Create Short',
} as const;
