import { isbot } from 'isbot';
import { findPodcastApp } from './podcast-apps.js';

// Which download requests are not listeners (IAB Tech Lab Podcast Measurement Technical Guidelines v2.2, "filtering"):
// requests without a User-Agent, known bots and crawlers (the isbot list), and the podcast world's own automated
// fetchers and HTTP tools, below. Sources: the OPAWG user-agents-v2 "bots" and "libraries" files, the IAB Tech Lab
// "Apple watchOS Podcast Filtering Guidance", the apps' own pages for their crawlers (Overcast's podcaster info page,
// Pocket Casts' "About Pocket Casts Feed Parser", Breaker's "Reporting subscriber counts when crawling podcasts") and
// the tools' source code for their default agents (Uptime Kuma, Node's fetch).

export type FilterReason = 'no-user-agent' | 'bot' | 'tool';

export interface UserAgentFilter {
  filtered: boolean;
  reason?: FilterReason;
  /** Which rule filtered it ('isbot' or a rule's name), to explain a count. */
  rule?: string;
}

export interface FilterRule {
  name: string;
  pattern: RegExp;
}

/**
 * Automated fetchers of podcast services: server-side copies, directory and search indexers, feed crawlers,
 * importers, validators and monitors. Matched before the app table, so an app's own crawler ('Overcast/1.0 Podcast
 * Sync', 'PocketCasts/1.0 (Pocket Casts Feed Parser…)', 'Spotify/1.0') is filtered while its player is not.
 */
export const PODCAST_BOT_RULES: readonly FilterRule[] = [
  // The watch app downloads on its own what the phone already downloaded (IAB watchOS guidance).
  { name: 'Apple Podcasts watch downloads', pattern: /^atc\/|\(null\) watchOS\// },
  // Case-sensitive on purpose: 'iTMS' and 'itms' are different agents (OPAWG rss list).
  { name: 'Apple Podcasts automated checks', pattern: /iTMS|itunesstored/ },
  { name: 'Spotify caching service', pattern: /^Spotify\/1\.0$/ },
  { name: 'Overcast transcriber', pattern: /^Overcast(?:%20| )Transcriber\// },
  { name: 'Pocket Casts feed parser', pattern: /^PocketCasts\/[\d.]+ \(Pocket Casts Feed Parser/ },
  { name: 'Breaker crawler', pattern: /^Breaker\/v\d/ },
  { name: 'Goodpods crawler', pattern: /^Goodpods\/\d+\.\d+/ },
  { name: 'Podbean crawler', pattern: /^PodbeanFeedReader|^Podbean Importer/ },
  { name: 'Google podcast crawlers', pattern: /Google-Podcast|^Feedfetcher-Google/i },
  { name: 'Pandora crawler', pattern: /^PandoraRSSCrawler/ },
  { name: 'Stitcher crawler', pattern: /^StitcherBot/i },
  { name: 'Downcast feed consumer', pattern: /^downcast feed consumer\// },
  {
    name: 'Podcast Index',
    pattern: /^Podcastindex\.org\/|\(PodcastIndex\.org\)|^PodcastIndexManager\/|^PodcastIndex Classifier\//,
  },
  { name: 'Podchaser', pattern: /^Podchaser-?Parser/ },
  { name: 'Listen Notes', pattern: /^ListenNotes\// },
  { name: 'Podscan', pattern: /^PodscanBot\// },
  { name: 'Podtrac', pattern: /^Podtrac (?:Feed Scanner|Network Client)/ },
  { name: 'Podnews', pattern: /PodnewsBot/ },
  { name: 'Podfollow', pattern: /podfollowbot\// },
  { name: 'Podcatcher', pattern: /^Podcatcher Bot/ },
  { name: 'Metacast crawler', pattern: /^Metacast\/.* Crawler/ },
  { name: 'OP3 fetcher', pattern: /^op3-fetcher\// },
  { name: 'IPFS Podcasting', pattern: /^IPFS Podcasting Node\// },
  { name: 'Headliner', pattern: /^Headliner\// },
  { name: 'Audioboom', pattern: /^audioBoomBot\// },
  {
    name: 'hosting importers',
    pattern: /^Blubrry |^Buzzsprout Importer|^CaptivateBot\/|^Libsyn4|Castopod\/\d/,
  },
  { name: 'feed validators', pattern: /^CastFeedValidator\/|^PodcastFeedAnalyzer\// },
  // Uptime monitors request the episode file to check it is served.
  { name: 'PodUptime', pattern: /PodUptime(?:Bot)?\/\d/ },
  { name: 'UptimeRobot', pattern: /UptimeRobot\/\d/ },
  { name: 'Uptime Kuma', pattern: /^Uptime-Kuma\// },
  { name: 'Better Stack', pattern: /Better Uptime Bot/ },
  { name: 'Pingdom', pattern: /Pingdom/ },
  { name: 'StatusCake', pattern: /StatusCake/ },
  { name: 'updown.io', pattern: /^updown\.io daemon/ },
  // Last, so that a service's own rule names it first.
  // Overcast, Player FM, UCast, Beacon, DeepCast… all name their feed crawlers 'Podcast Sync'.
  { name: 'podcast sync crawler', pattern: /\bPodcast Sync\b/ },
  // An agent that reports subscribers is an aggregator's fetcher (aggregator-subscribers.ts).
  { name: 'subscriber-reporting fetcher', pattern: /\b\d+ subscribers?\b|\bsubscribers=\d+/ },
];

/**
 * HTTP libraries and command-line tools sending their default agent: scripts, not listeners. okhttp counts only
 * when it is the whole agent, since Android apps built on it put their own name first.
 */
export const TOOL_RULES: readonly FilterRule[] = [
  { name: 'curl', pattern: /^curl\/|^libcurl\/|^PycURL\/| curl\/\d/ },
  { name: 'Wget', pattern: /^Wget\//i },
  {
    name: 'Python',
    pattern: /python-requests\/|^Python-urllib\/|^python-urllib3\/|^python-httpx\/|^Python\/[\d.]+ aiohttp\//,
  },
  { name: 'Go', pattern: /^Go-http-client\/|^go-resty\// },
  { name: 'Node.js', pattern: /^node-fetch\b|^axios\/|^undici$|^node$|^got[ /(]/ },
  { name: 'okhttp', pattern: /^okhttp\/[\d.]+$/ },
  { name: 'Java', pattern: /^Java(?:-http-client)?\/\d|^Apache-HttpClient\/|^AHC\/\d/ },
  { name: 'Perl', pattern: /^libwww-perl\/| libwww-perl\/|^LWP::/ },
  { name: 'PHP', pattern: /^GuzzleHttp\/|^PHP\/|^Symfony HttpClient/ },
  { name: 'Ruby', pattern: /^Ruby$|^rest-client\/|^http\.rb\/|^Faraday v/ },
  { name: 'other runtimes', pattern: /^Dart\/|^Deno\/|^Bun\/|^reqwest\/|^hackney\/|^lua-resty-http\// },
  {
    name: 'download and API tools',
    pattern: /^Lavf\/|^aria2\/|^PostmanRuntime\/|^insomnia\/|^HTTPie\/|^Scrapy\//,
  },
];

/**
 * isbot's rule for 'http' in an agent also catches the OkHttp library that Android apps name after themselves
 * ('NRC Audio/2.0.0 (nl.nrc.audio; …) OkHttp/4.11.0'), so that suffix is taken off before isbot looks. A bare
 * 'okhttp/…' is a tool (TOOL_RULES).
 */
const OKHTTP_SUFFIX = /\s+OkHttp\/[\d.]+$/i;

function firstMatch(rules: readonly FilterRule[], userAgent: string): FilterRule | undefined {
  return rules.find((rule) => rule.pattern.test(userAgent));
}

/**
 * Whether a download request is kept out of the counts, and why. In order: no User-Agent; a podcast service's
 * automated fetcher; an HTTP tool; then any app of the table passes, because isbot's general rules catch many real
 * podcast apps (an agent with a URL in it, such as Overcast's; a bare 'Name/version', such as AntennaPod's; 'Downcast/'
 * by name); everything else goes through isbot (without a trailing OkHttp). An app missing from the table whose
 * agent isbot finds bot-like is filtered until the table names it.
 */
export function isFilteredUserAgent(userAgent: string | undefined): UserAgentFilter {
  const userAgentText = userAgent?.trim() ?? '';
  if (userAgentText === '') return { filtered: true, reason: 'no-user-agent' };
  const bot = firstMatch(PODCAST_BOT_RULES, userAgentText);
  if (bot) return { filtered: true, reason: 'bot', rule: bot.name };
  const tool = firstMatch(TOOL_RULES, userAgentText);
  if (tool) return { filtered: true, reason: 'tool', rule: tool.name };
  if (findPodcastApp(userAgentText)) return { filtered: false };
  if (isbot(userAgentText.replace(OKHTTP_SUFFIX, '')))
    return { filtered: true, reason: 'bot', rule: 'isbot' };
  return { filtered: false };
}
