import { describe, expect, it } from '@jest/globals';
import { isbot } from 'isbot';
import { isFilteredUserAgent, PODCAST_BOT_RULES, TOOL_RULES } from './bots.js';
import { APP_USER_AGENTS, UNNAMED_PLAYER_USER_AGENTS } from './testing/podcast-app-user-agents.js';

/** Automated fetchers of podcast services and monitors, as they appear in public lists and the services' pages. */
// prettier-ignore
const PODCAST_BOTS: [userAgent: string, rule: string][] = [
  ['atc/1.0 watchOS/6.2.8 model/Watch4,2 hwp/t8006 build/17U63 (6; dt:191)', 'Apple Podcasts watch downloads'],
  ['iTMS', 'Apple Podcasts automated checks'],
  ['Spotify/1.0', 'Spotify caching service'],
  ['Overcast/1.0 Podcast Sync (123 subscribers; feed-id=456789; +http://overcast.fm/)', 'podcast sync crawler'],
  ['PlayerFM/1.0 Podcast Sync (0 subscribers; url=https://player.fm/series/series-2567872)', 'podcast sync crawler'],
  ['Mozilla/5.0 (compatible; inoreader.com; 5 subscribers)', 'subscriber-reporting fetcher'],
  ['Breaker/v264 (subscribers=1690; feed-id=185589; url=https://www.breaker.audio/fresh-air)', 'Breaker crawler'],
  ['Bloglovin/1.0 (http://www.bloglovin.com; 1 subscribers)', 'subscriber-reporting fetcher'],
  ['Overcast%20Transcriber/1 CFNetwork/3855.100.1 Darwin/25.0.0', 'Overcast transcriber'],
  ['PocketCasts/1.0 (Pocket Casts Feed Parser; +http://pocketcasts.com/)', 'Pocket Casts feed parser'],
  ['Goodpods/2.2', 'Goodpods crawler'],
  ['Feedfetcher-Google; (+http://www.google.com/feedfetcher.html; 1 subscribers; feed-id=4653447469100830145)', 'Google podcast crawlers'],
  ['downcast feed consumer/0.0.175; (mode=dev; id=u2NgjBSPM6; downcast.fm)', 'Downcast feed consumer'],
  ['Podcastindex.org/v0.3.3 (Aggrivate)', 'Podcast Index'],
  ['Aggrivator (PodcastIndex.org)/v0.1.7', 'Podcast Index'],
  ['PodchaserParser/2.0 (https://podchaser.com)', 'Podchaser'],
  ['ListenNotes/3.0 (id=c1ef144e30174bf6ba1fedf9174ed908; +https://www.listennotes.com/about/)', 'Listen Notes'],
  ['PodscanBot/1.1.0 Ubuntu/22.04 (Linux) +https://podscan.fm', 'Podscan'],
  ['Podtrac Feed Scanner', 'Podtrac'],
  ['Mozilla/5.0 https://podfollow.com/crawling podfollowbot/1.0', 'Podfollow'],
  ['Metacast/1.0 Crawler +https://metacast.app', 'Metacast crawler'],
  ['op3-fetcher/1.0 (https://op3.dev)', 'OP3 fetcher'],
  ['IPFS Podcasting Node/0.6n (+https://ipfspodcasting.net)', 'IPFS Podcasting'],
  ['Headliner/1.0.0 +https://headliner.app', 'Headliner'],
  ['Blubrry PowerPress/11.9.19', 'hosting importers'],
  ['Buzzsprout Importer', 'hosting importers'],
  ['CaptivateBot/PodcastImporter 1.0', 'hosting importers'],
  ['Libsyn4-Download', 'hosting importers'],
  ['Castopod/1.1.2', 'hosting importers'],
  ['PodbeanFeedReader/6.0 (Feed Parser; http://www.podbean.com/; Allow like Gecko) Build/20251103053444', 'Podbean crawler'],
  ['Podbean Importer', 'Podbean crawler'],
  ['PandoraRSSCrawler/1.0 (podcastpartnerships@pandora.com)', 'Pandora crawler'],
  ['stitcherbot (http://www.stitcher.com)', 'Stitcher crawler'],
  ['Mozilla/5.0 +https://podnews.net/bot PodnewsBot/1.0', 'Podnews'],
  ['Podcatcher Bot 1.0 (1 subscribers; +https://podcatcher.net)', 'Podcatcher'],
  ['audioBoomBot/1.0; (+http://audioboom.com)', 'Audioboom'],
  ['UCast/1.0 Podcast Sync (1 subscribers; feed-id=aHR0cHM6Ly9mZWVkcy5idXp6c3Byb3V0LmNvbS8yMDg0OTQucnNzEAEBAD32-0242-42AC-8583-21E9BAD8C544; +http://www.ucastapp.com/)', 'podcast sync crawler'],
  ['CastFeedValidator/3.0.5 (https://castfeedvalidator.com)', 'feed validators'],
  ['Mozilla/5.0 (compatible; PodUptime/1.0; +https://poduptime.com)', 'PodUptime'],
  ['Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)', 'UptimeRobot'],
  ['Uptime-Kuma/1.23.16', 'Uptime Kuma'],
  ['Better Uptime Bot Mozilla/5.0', 'Better Stack'],
  ['Pingdom.com_bot_version_1.4_(http://www.pingdom.com/)', 'Pingdom'],
  ['StatusCake_Pagespeed_Indev', 'StatusCake'],
  ['updown.io daemon 2.2', 'updown.io'],
];

/** Default agents of HTTP libraries and tools. */
const TOOLS: [userAgent: string, rule: string][] = [
  ['curl/8.5.0', 'curl'],
  ['PycURL/7.43.0 libcurl/7.47.0 GnuTLS/3.4.10 zlib/1.2.8 libidn/1.32 librtmp/2.3', 'curl'],
  ['Wget/1.21.4', 'Wget'],
  ['python-requests/2.31.0', 'Python'],
  ['Python-urllib/3.9', 'Python'],
  ['python-httpx/0.18.2', 'Python'],
  ['Python/3.10 aiohttp/3.9.3', 'Python'],
  ['Go-http-client/2.0', 'Go'],
  ['Go-http-client/1.1', 'Go'],
  ['node-fetch/1.0 (+https://github.com/bitinn/node-fetch)', 'Node.js'],
  ['axios/1.6.8', 'Node.js'],
  ['node', 'Node.js'],
  ['undici', 'Node.js'],
  ['got (https://github.com/sindresorhus/got)', 'Node.js'],
  ['okhttp/4.9.0', 'okhttp'],
  ['Java/17.0.1', 'Java'],
  ['Apache-HttpClient/4.5.3-SNAPSHOT (Java/1.8.0_73)', 'Java'],
  ['LWP::Simple/6.34 libwww-perl/6.34', 'Perl'],
  ['GuzzleHttp/7', 'PHP'],
  ['rest-client/2.0.2 (linux-gnu x86_64) ruby/2.6.8p205', 'Ruby'],
  ['Dart/2.18 (dart:io)', 'other runtimes'],
  ['Deno/1.26.1', 'other runtimes'],
  ['Bun/1.0.7', 'other runtimes'],
  ['Lavf/60.16.100', 'download and API tools'],
  ['aria2/1.36.0', 'download and API tools'],
  ['PostmanRuntime/7.36.3', 'download and API tools'],
  ['Scrapy/2.9.0 (+https://scrapy.org)', 'download and API tools'],
];

/** Bots of the web at large, left to isbot's list. */
const WEB_BOTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  'Mozilla/5.0 (compatible; AhrefsBot/7.0; http://ahrefs.com/robot/)',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/105.0.5173.0 Safari/537.36',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
];

describe('isFilteredUserAgent', () => {
  it('filters a request without a User-Agent', () => {
    expect(isFilteredUserAgent(undefined)).toEqual({ filtered: true, reason: 'no-user-agent' });
    expect(isFilteredUserAgent('')).toEqual({ filtered: true, reason: 'no-user-agent' });
    expect(isFilteredUserAgent('  ')).toEqual({ filtered: true, reason: 'no-user-agent' });
  });

  it.each(PODCAST_BOTS)('filters the podcast service fetcher %s as a bot', (userAgent, rule) => {
    expect(isFilteredUserAgent(userAgent)).toEqual({ filtered: true, reason: 'bot', rule });
  });

  it.each(TOOLS)('filters the tool %s', (userAgent, rule) => {
    expect(isFilteredUserAgent(userAgent)).toEqual({ filtered: true, reason: 'tool', rule });
  });

  it.each(WEB_BOTS)('filters the web bot %s through isbot', (userAgent) => {
    expect(isFilteredUserAgent(userAgent)).toEqual({ filtered: true, reason: 'bot', rule: 'isbot' });
  });

  it('has a listed example for every podcast bot and tool rule', () => {
    const exercised = new Set([...PODCAST_BOTS, ...TOOLS].map(([, rule]) => rule));
    const rules = [...PODCAST_BOT_RULES, ...TOOL_RULES].map((rule) => rule.name);
    expect(rules.filter((rule) => !exercised.has(rule))).toEqual([]);
  });

  const listeners = [...APP_USER_AGENTS, ...UNNAMED_PLAYER_USER_AGENTS].filter(
    (example) => !example.filteredAs,
  );
  it.each(listeners.map((example) => [example.userAgent]))('lets the listener %s through', (userAgent) => {
    expect(isFilteredUserAgent(userAgent)).toEqual({ filtered: false });
  });

  it.each(APP_USER_AGENTS.filter((example) => example.filteredAs).map((example) => [example.userAgent]))(
    "filters %s, an app's own automated download",
    (userAgent) => {
      expect(isFilteredUserAgent(userAgent)).toMatchObject({ filtered: true, reason: 'bot' });
    },
  );

  it('lets through the apps that isbot alone would filter', () => {
    const caughtByIsbot = listeners
      .filter((example) => isbot(example.userAgent))
      .map((example) => example.app);
    // A URL in the agent (Overcast, Podcast Addict, Fountain, Podbean, gPodder), a bare name and version
    // (AntennaPod, Castro, Pocket Casts, Podcast Guru), 'google' in a package name (YouTube Music), or the name
    // itself on isbot's list (Downcast): without the table all of them would be lost.
    expect(caughtByIsbot).toEqual(
      expect.arrayContaining([
        'Overcast',
        'Podcast Addict',
        'Fountain',
        'Podbean',
        'gPodder',
        'AntennaPod',
        'Castro',
        'Pocket Casts',
        'Podcast Guru',
        'YouTube Music',
        'Downcast',
      ]),
    );
    for (const example of listeners) expect(isFilteredUserAgent(example.userAgent).filtered).toBe(false);
  });

  it.each([
    'DS podcast/1.0.5 (be.standaard.audio; build:6; Android 12; Sdk:31; Manufacturer:samsung; Model: SM-A415F) OkHttp/4.9.1',
    'NRC Audio/2.0.0 (nl.nrc.audio; build:29; Android 12; Sdk:31; Manufacturer:samsung; Model: SM-G975F) OkHttp/4.11.0',
  ])('keeps %s, an Android app that names itself before OkHttp', (userAgent) => {
    expect(isbot(userAgent)).toBe(true);
    expect(isFilteredUserAgent(userAgent)).toEqual({ filtered: false });
  });
});
