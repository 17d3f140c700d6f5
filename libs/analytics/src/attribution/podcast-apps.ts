import { UAParser } from 'ua-parser-js';

// Which podcast app or player sent a request, from its User-Agent. The patterns are written for Castbase from what
// the apps publish or are publicly seen sending; the public documents they were checked against are named beside each
// entry. Sources used throughout:
// - OPAWG "user-agents-v2" pattern list (apps, bots, devices and libraries files) and its predecessor "user-agents";
// - OPAWG "podcast-rss-useragents" list;
// - podnews.net "Mythbusting: are downloads from 'AppleCoreMedia' mostly from Apple Podcasts?";
// - livewire.io "Apple Podcasts vs AppleCoreMedia downloads, before and after iOS 16.4";
// - IAB Tech Lab "Apple watchOS Podcast Filtering Guidance" (2020);
// - podinfra.net "Set a clear user-agent throughout your app".

export type AppKind = 'app' | 'browser' | 'smart-speaker' | 'tv' | 'other';

/** One row of the table: the first row whose pattern matches names the app. */
export interface PodcastApp {
  app: string;
  kind: AppKind;
  pattern: RegExp;
}

export interface IdentifiedApp {
  app: string;
  kind: AppKind;
  /** For web browsers ('Web Browser'): which one ('Chrome', 'Safari', 'Firefox', 'Edge', …). */
  browser?: string;
}

export const UNKNOWN_APP = 'Unknown';
export const WEB_BROWSER_APP = 'Web Browser';

/**
 * Apple Podcasts names itself in the device's language ('Podcasts/…', 'Podcasty/…', '播客/…'), sometimes
 * percent-encoded; identifyApp decodes first. Always followed by its build and CFNetwork (OPAWG apps list).
 */
const APPLE_PODCASTS_NAMES = [
  'Podcasts',
  'Podcast',
  'Podcaster',
  'Balados',
  'Podcasti',
  'Podcastit',
  'Podcasturi',
  'Podcasty',
  'Podcast’ler',
  'Podkaster',
  'Podcastok',
  'Подкасти',
  'Подкасты',
  'Подкасттар',
  'פודקאסטים',
  'البودكاست',
  'पॉडकास्ट',
  'พ็อดคาสท์',
  '播客',
  '팟캐스트',
  'ポッドキャスト',
];

/** Order matters: more specific rows come before the rows they would otherwise fall into. */
export const PODCAST_APPS: readonly PodcastApp[] = [
  // Apple. The watch app's automatic downloads ('atc/…') are Apple Podcasts, and filtered (bots.ts) as the IAB
  // watchOS guidance asks. 'AirPodcasts/…' is Apple Podcasts on HomePod (OPAWG devices list).
  { app: 'Apple Podcasts', kind: 'app', pattern: /^atc\/|\(null\) watchOS\// },
  { app: 'Apple Podcasts', kind: 'smart-speaker', pattern: /^AirPodcasts\/\d/ },
  {
    app: 'Apple Podcasts',
    kind: 'app',
    pattern: new RegExp(`^(?:${APPLE_PODCASTS_NAMES.join('|')})/[\\d.]+ CFNetwork/`),
  },
  // AppleCoreMedia is Apple's streaming library, used by every app on Apple devices that streams without setting
  // its own User-Agent; since iOS 16.4 Apple Podcasts itself no longer sends it (podnews, livewire). So it is not
  // counted as Apple Podcasts, except where the device tells the app: Apple TV and HomePod.
  { app: 'Apple TV', kind: 'tv', pattern: /^AppleCoreMedia\/.*\(Apple TV;/ },
  { app: 'Apple HomePod', kind: 'smart-speaker', pattern: /^AppleCoreMedia\/.*\(HomePod;/ },
  { app: 'AppleCoreMedia', kind: 'other', pattern: /^AppleCoreMedia\// },

  // 'Spotify/1.0' alone is Spotify's caching service, filtered in bots.ts; it is still Spotify.
  { app: 'Spotify', kind: 'app', pattern: /^Spotify[/-]|^spotify_/ },
  // Overcast documents its player and feed-crawler agents on its podcaster info page; the crawler is filtered.
  { app: 'Overcast', kind: 'app', pattern: /^Overcast\b/ },
  // 'Pocket Casts' is the app, 'PocketCasts/1.0 (Pocket Casts Feed Parser…)' its crawler (filtered), and
  // '… PocketCasts/x Chrome/… Electron/…' the desktop app.
  {
    app: 'Pocket Casts',
    kind: 'app',
    pattern: /^Pocket ?Casts\b|^Shifty Jelly Pocket Casts|\bPocketCasts\/\d/,
  },
  { app: 'Castro', kind: 'app', pattern: /^Castro[ /]/ },
  { app: 'Podcast Addict', kind: 'app', pattern: /^Podcast ?Addict\b/ },
  { app: 'AntennaPod', kind: 'app', pattern: /^AntennaPod\/|^de\.danoeh\.antennapod\// },
  { app: 'Podverse', kind: 'app', pattern: /^[Pp]odverse\// },
  { app: 'Fountain', kind: 'app', pattern: /^Fountain\/|^fountainapp\// },
  {
    app: 'YouTube Music',
    kind: 'app',
    pattern:
      /^com\.google\.android\.apps\.youtube\.music\/|^com\.google\.ios\.youtubemusic\/|^YouTube ?Music\/\d|^app\.revanced\.android\.apps\.youtube\.music\//,
  },
  { app: 'Amazon Music', kind: 'app', pattern: /^AmazonMusic\b/ },
  // The Alexa phone app streams as 'Alexa Mobile Voice'; Echo devices and Alexa-built-in speakers as the rest.
  { app: 'Alexa', kind: 'app', pattern: /^Alexa Mobile Voice\// },
  {
    app: 'Alexa',
    kind: 'smart-speaker',
    pattern: /^AlexaMediaPlayer\/|^Echo\/\d|^Amazon;Echo|^AmazonAVS\/|^AvsDeviceSdk\//,
  },
  // Google Podcasts closed in 2024; its app and the Google app's own downloader are kept for older data.
  { app: 'Google Podcasts', kind: 'app', pattern: /^GooglePodcasts\/|^GSA\/\d/ },
  {
    app: 'Google Home',
    kind: 'smart-speaker',
    pattern: /\bCrKey\/.*DeviceType\/SmartSpeaker|^GoogleChirp|^Google-Speech-Actions/,
  },
  { app: 'Google Nest Hub', kind: 'smart-speaker', pattern: /\(Fuchsia\).*\bCrKey\// },
  { app: 'Chromecast', kind: 'tv', pattern: /\bCrKey\b/ },
  { app: 'Castbox', kind: 'app', pattern: /^Cast[Bb]ox\b|^fm\.castbox\./ },
  { app: 'Player FM', kind: 'app', pattern: /^Player ?FM\b|^Alpha PlayerFM\/|^RSS Radio - Player FM/ },
  { app: 'Podbean', kind: 'app', pattern: /^Podbean\/(?:Android|iOS)/ },
  { app: 'iHeartRadio', kind: 'app', pattern: /^iHeart(?:Radio|Podcasts)?\// },
  { app: 'Deezer', kind: 'app', pattern: /^Deezer(?:Jukebox)?\// },
  { app: 'Podcast Republic', kind: 'app', pattern: /^PodcastRepublic\// },
  { app: 'Stitcher', kind: 'app', pattern: /^Stitcher(?: Demo)?\// },
  { app: 'TuneIn', kind: 'app', pattern: /^TuneIn\b| TuneIn\/\d/ },
  // Sonos players fetch media as 'Linux UPnP/1.0 Sonos/<version> (<model>)'.
  { app: 'Sonos', kind: 'smart-speaker', pattern: /\bSonos\/\d/ },
  // Breaker's apps ('Breaker/iOS (https://breaker.audio)', 'Breaker/515 CFNetwork/…'); its feed crawler sends
  // 'Breaker/v264 (subscribers=…)' and is filtered.
  { app: 'Breaker', kind: 'app', pattern: /^Breaker\/(?!v\d)/ },
  { app: 'Downcast', kind: 'app', pattern: /^Downcast\// },
  { app: 'Podcast Guru', kind: 'app', pattern: /^PodcastGuru\b/ },
  // 'Goodpods/2.2' without CFNetwork is Goodpods' crawler (filtered); the apps send these.
  { app: 'Goodpods', kind: 'app', pattern: /^Goodpods\.(?:iOS|Android)\b|^[Gg]oodpods\/\d+ CFNetwork\// },
  { app: 'Snipd', kind: 'app', pattern: /^Snipd\// },
  { app: 'Castamatic', kind: 'app', pattern: /^Castamatic\// },
  { app: 'gPodder', kind: 'app', pattern: /^gPodder\// },
];

/** Some apps percent-encode their name ('Pocket%20Casts/…', '%E6%92%AD%E5%AE%A2/…'); the table is written decoded. */
function decoded(userAgent: string): string {
  if (!userAgent.includes('%')) return userAgent;
  try {
    return decodeURIComponent(userAgent);
  } catch {
    return userAgent;
  }
}

/** The table row for a User-Agent, if any (the first match). */
export function findPodcastApp(userAgent: string): PodcastApp | undefined {
  const text = decoded(userAgent);
  return PODCAST_APPS.find((entry) => entry.pattern.test(text));
}

/**
 * A web browser by ua-parser-js's name for it, without the 'Mobile ' it puts before phone browsers (the device
 * dimension says that). Only for User-Agents that claim to be a browser ('Mozilla/…') and that ua-parser-js does
 * not class as a crawler, fetcher, library or command-line tool. Castbase's own web page and embed player play
 * through the browser, so they are counted here with every other page.
 */
function browserOf(userAgent: string): string | undefined {
  if (!userAgent.startsWith('Mozilla/')) return undefined;
  const browser = new UAParser(userAgent).getBrowser();
  if (!browser.name || (browser.type !== undefined && browser.type !== 'inapp')) return undefined;
  return browser.name.replace(/^Mobile /, '');
}

/** The podcast app or player a request came from; 'Unknown' (kind 'other') when nothing matches. */
export function identifyApp(userAgent: string | undefined): IdentifiedApp {
  const userAgentText = userAgent?.trim() ?? '';
  if (userAgentText === '') return { app: UNKNOWN_APP, kind: 'other' };
  const entry = findPodcastApp(userAgentText);
  if (entry) return { app: entry.app, kind: entry.kind };
  const browser = browserOf(userAgentText);
  if (browser) return { app: WEB_BROWSER_APP, kind: 'browser', browser };
  return { app: UNKNOWN_APP, kind: 'other' };
}
