// The RSS Feed Management widget (spec 2 §2): its texts, timings and the generation progress steps.

/** Generation progress: these steps, one every 300 ms, while the generation runs; 100 when it has answered. */
export const FEED_GENERATION_PROGRESS_STEPS = [10, 30, 50, 70, 90] as const;
export const FEED_GENERATION_STEP_MS = 300;
/** After 100 the bar stays 1 s, then the widget shows the new status, and the bar resets 1 s later. */
export const FEED_GENERATION_DONE_PAUSE_MS = 1000;
export const FEED_GENERATION_RESET_MS = 1000;
/** How long 'Copied' shows after a copy. */
export const FEED_COPY_CONFIRMATION_MS = 2000;
/** The optional auto-refresh of the RSS status: off by default, every 5 minutes when on. */
export const FEED_AUTO_REFRESH_INTERVAL_MS = 300_000;

/** Review times of the Submission Guide (spec 2 §9: the guide's own figures for Apple and Spotify). */
export const SUBMISSION_GUIDE_REVIEW_TIMES = [
  { directory: 'Podcast Index', reviewTime: 'Usually instant' },
  { directory: 'Apple Podcasts', reviewTime: '1 to 7 days' },
  { directory: 'Spotify', reviewTime: '1 to 3 days' },
  { directory: 'Amazon Music', reviewTime: '3 to 5 days' },
  { directory: 'YouTube Music', reviewTime: '1 to 2 days' },
] as const;

export const RSS_ENCYCLOPEDIA_URL = 'https://en.wikipedia.org/wiki/RSS';
export const PODCAST_INDEX_URL = 'https://podcastindex.org';

export const rssWidgetMessages = {
  title: 'RSS Feed Management',
  subtitle: 'Your podcast feed, as podcast apps and directories read it',
  tabs: { status: 'Status', urls: 'Feed URLs', directories: 'Directories' },
  tabsLabel: 'RSS feed',
  banners: {
    generating: 'Generating RSS Feed...',
    testing: 'Testing RSS Feed...',
    needsUpdate: 'RSS Feed Needs Update',
    notGenerated: 'RSS Feed Not Generated',
    validActive: 'RSS Feed Valid & Active',
    hasIssues: (score: number) => `RSS Feed Has Issues (Score: ${score}/100)`,
  },
  bannerDetails: {
    generating: 'Writing every feed variant with your latest episodes and settings.',
    testing: 'Fetching your live feed as a podcast app would, and checking it.',
    needsUpdate: 'Your podcast or an episode changed after the feed was last generated.',
    notGenerated: 'Generate your feed to get the address podcast apps and directories subscribe to.',
    validActive: 'Podcast apps and directories can read your feed.',
    hasIssues: 'Open the details to see what to fix.',
  },
  buttons: {
    generate: 'Generate RSS',
    update: 'Update RSS',
    regenerate: 'Regenerate RSS',
    test: 'Test Feed',
    copy: 'Copy',
    copied: 'Copied!',
    viewXml: 'View XML',
    allUrls: 'All URLs',
    retry: 'Retry',
    viewDetails: 'View Details',
    goToSettings: 'Go to Settings',
    uploadFirstEpisode: 'Upload First Episode',
    submissionGuide: 'Submission Guide',
    whatIsRss: 'What is RSS?',
    podcasting20: 'Podcasting 2.0',
    close: 'Close',
  },
  copyLabel: (what: string) => `Copy ${what}`,
  copyFailed: 'Failed to copy URL to clipboard',
  statusFailed: 'Failed to fetch RSS status',
  loading: 'Reading the RSS status…',
  checklistDone: 'Done',
  checklistToDo: 'To do',
  testFailed: 'Feed test failed',
  generateFailed: 'Generate RSS failed',
  progressLabel: 'RSS feed generation progress',
  notReady: {
    title: 'RSS Feed Not Ready',
    body: 'Complete these items in your podcast settings so directories accept your feed:',
  },
  firstEpisode: {
    title: 'Ready for Your First Episode!',
    body: 'Your feed is live. Publish an episode and it appears in your feed for every subscriber.',
  },
  privateBadge: '🔒 Token required',
  privateHint:
    'This podcast is private: every feed address carries its token. Share it only with your listeners.',
  autoRefresh: 'Auto-refresh',
  autoRefreshHint: 'Reads the feed status again every 5 minutes',
  facts: {
    episodes: 'Episodes in feed',
    published: 'Published with RSS',
    lastGenerated: 'Last generated',
    size: 'Feed size',
    lastTested: 'Last tested',
    score: 'Live test score',
    never: 'Never',
  },
  /**
   * The generator's own validation report (spec 2 §5 "Feed generator validation"): what Castbase checked as it wrote
   * the feed. Kept apart from the feed test (the RSS Feed Analysis), which is what a podcast app fetched.
   */
  generatorCheck: {
    title: 'Generator check',
    hint: 'What Castbase checked while writing your feed, before any podcast app read it.',
    score: (score: number) => `Score ${score}/100`,
    summary: (errors: number, warnings: number) =>
      `${errors} ${errors === 1 ? 'error' : 'errors'}, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`,
    passed: 'No errors or warnings',
    pending: 'Checked at the next generation.',
    viewDetailsLabel: 'View Details of the generator check',
    dialogTitle: 'Generator Check',
    dialogIntro:
      'What Castbase found while writing your feed: your main feed, and the full feed’s size and episode count when you have one. Test Feed is different: it fetches your live feed as a podcast app does.',
    errors: 'Errors',
    warnings: 'Warnings',
    noErrors: 'No errors',
    noWarnings: 'No warnings',
  },
  sizeWarning: 'The main feed is larger than 5 MB; some apps read large feeds slowly.',
  sizeError: 'The main feed is larger than 10 MB; directories may refuse it.',
  noTestYet: 'Test your feed to see its score and how directories will read it.',
  viewerCannotGenerate: 'Only the podcast owner can generate the feed.',
  urls: {
    main: 'Main feed',
    mainHint: 'The address to submit to directories: your newest 300 episodes.',
    recent: 'Recent episodes (50)',
    preview: 'Preview (10)',
    full: 'Full feed (every episode)',
    archive: (page: number) => `Archive page ${page}`,
    variantLabel: 'Feed variant',
    allVariants: 'All Feed Variants',
    archives: 'Archive pages',
    none: 'No feed address yet. Generate your feed first.',
  },
  allUrlsTitle: 'All RSS Feed URLs',
  allUrlsIntro:
    'Every address of your feed. The main feed is the one to submit; the others split a long back catalogue.',
  analysis: {
    title: 'RSS Feed Analysis',
    viewDetailsLabel: 'View Details of the live test',
    intro:
      'The live test: your feed as a podcast app fetched it from its public address. The Generator check on the Status tab is what Castbase checked while writing it.',
    score: 'Feed score',
    valid: 'Valid',
    invalid: 'Invalid',
    accessible: 'Accessible',
    notAccessible: 'Not accessible',
    podcasting20: 'Podcasting 2.0',
    notPodcasting20: 'No Podcasting 2.0',
    errors: 'Errors',
    warnings: 'Warnings',
    suggestions: 'Suggestions',
    noErrors: 'No errors',
    compatibility: 'Compatibility',
    compatible: 'Compatible',
    notCompatible: 'Not compatible',
    episodes: 'Episodes',
    size: 'Size',
    responseTime: 'Response time',
    httpStatus: 'HTTP status',
    tested: 'Tested',
    noAnswer: 'No answer',
  },
  guide: {
    title: 'Submission Guide',
    intro: 'Five steps from a working feed to listeners in every directory.',
    steps: [
      {
        title: 'Test your feed',
        body: 'Run Test Feed and fix every error until the feed is valid.',
      },
      {
        title: 'Complete your podcast details',
        body: 'Artwork of 1400x1400 to 3000x3000, a category, a language, an author and an explicit rating.',
      },
      {
        title: 'Publish your first episode',
        body: 'Directories refuse a feed without episodes. Keep the feed under 5 MB.',
      },
      {
        title: 'Submit your main feed address',
        body: 'Open each directory from the Directories tab and paste your main feed URL.',
      },
      {
        title: 'Wait for the review',
        body: 'Each directory reviews new shows before they appear:',
      },
    ],
  },
  whatIsRss: {
    title: 'What is RSS?',
    paragraphs: [
      'RSS is the open format every podcast app reads. Your feed lists your podcast and its episodes, with a link to each audio file.',
      'Apps check your feed every few minutes and download new episodes for your subscribers. Directories such as Apple Podcasts and Spotify read the same feed to list your show.',
      'Castbase writes your feed for you whenever you publish or change something.',
    ],
    learnMore: 'Learn more about RSS',
  },
  podcasting20Info: {
    title: 'Podcasting 2.0',
    paragraphs: [
      'Podcasting 2.0 adds open tags to RSS: transcripts, chapters, people, locations, value-for-value payments, funding links and a permanent podcast:guid.',
      'Castbase writes these tags from your episode details, so apps that support them show more, and every other app still reads your feed as before.',
    ],
    learnMore: 'Visit Podcast Index',
  },
  opensInNewTab: '(opens in a new tab)',
} as const;

export type FeedGenerationButton = 'generate' | 'update' | 'regenerate';

/** Generate before a feed exists, Update when it needs one, else Regenerate (spec 2 §2). */
export function feedGenerationButton(status: { needsUpdate: boolean } | null): FeedGenerationButton {
  if (!status) return 'generate';
  return status.needsUpdate ? 'update' : 'regenerate';
}

/** File size as the widget shows it: '812 B', '14.2 KB', '5.3 MB'. */
export function formatFeedBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export type RssWidgetBanner = keyof typeof rssWidgetMessages.banners;

/**
 * Which banner the widget shows: what is under way first (generating, testing), then whether a feed exists, whether
 * it is behind the podcast's changes, and what its last test found. Without a test, a generated and current feed is
 * 'Valid & Active' (the generator writes every tag the tester checks).
 */
export function rssWidgetBanner(state: {
  generating: boolean;
  testing: boolean;
  status: { needsUpdate: boolean } | null;
  lastTest: { isValid: boolean } | null;
}): RssWidgetBanner {
  if (state.generating) return 'generating';
  if (state.testing) return 'testing';
  if (!state.status) return 'notGenerated';
  if (state.status.needsUpdate) return 'needsUpdate';
  if (state.lastTest && !state.lastTest.isValid) return 'hasIssues';
  return 'validActive';
}
