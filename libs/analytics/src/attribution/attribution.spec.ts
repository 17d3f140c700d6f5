import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  Attribution,
  ATTRIBUTION_VERSION,
  attributionVersionFor,
  type AttributionTables,
} from './attribution.js';
import { PODCAST_BOT_RULES, TOOL_RULES } from './bots.js';
import { CountryLookup } from './countries.js';
import { PODCAST_APPS } from './podcast-apps.js';
import { APP_USER_AGENTS } from './testing/podcast-app-user-agents.js';

const APPLE_PODCASTS = 'Podcasts/4022.610.1 CFNetwork/1408.0.4 Darwin/22.5.0';
const OVERCAST = 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)';
const SPOTIFY = 'Spotify/8.7.10 iOS/15.3.1 (iPhone13,2)';

describe('Attribution', () => {
  let countries: CountryLookup;
  beforeAll(() => {
    countries = CountryLookup.open();
  });

  it('attributes a download to its app, device, system and country', () => {
    const attribution = new Attribution({ countries });
    expect(attribution.attribute({ userAgent: APPLE_PODCASTS, ip: '84.200.69.80' })).toEqual({
      filtered: false,
      reason: null,
      app: 'Apple Podcasts',
      appKind: 'app',
      browser: null,
      device: 'mobile',
      os: 'iOS',
      country: 'DE',
    });
  });

  it('names the browser of a web page play', () => {
    const attribution = new Attribution({ countries });
    const chrome =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
    expect(attribution.attribute({ userAgent: chrome, ip: '2001:4860:4860::8888' })).toMatchObject({
      app: 'Web Browser',
      appKind: 'browser',
      browser: 'Chrome',
      device: 'desktop',
      os: 'Windows',
      country: 'US',
    });
  });

  it('marks what is filtered and why, and still attributes it', () => {
    const attribution = new Attribution({ countries });
    expect(attribution.attribute({ userAgent: 'Spotify/1.0', ip: '8.8.8.8' })).toMatchObject({
      filtered: true,
      reason: 'bot',
      app: 'Spotify',
      country: 'US',
    });
    expect(attribution.attribute({ userAgent: 'curl/8.5.0', ip: '8.8.8.8' })).toMatchObject({
      filtered: true,
      reason: 'tool',
    });
    expect(attribution.attribute({ userAgent: undefined, ip: '10.0.0.1' })).toEqual({
      filtered: true,
      reason: 'no-user-agent',
      app: 'Unknown',
      appKind: 'other',
      browser: null,
      device: 'unknown',
      os: null,
      country: null,
    });
  });

  it('agrees with the app table, the filter and the devices on every example', () => {
    const attribution = new Attribution();
    for (const example of APP_USER_AGENTS)
      expect(attribution.attributeUserAgent(example.userAgent)).toEqual({
        filtered: example.filteredAs !== undefined,
        reason: example.filteredAs ?? null,
        app: example.app,
        appKind: example.kind,
        browser: example.browser ?? null,
        device: example.device,
        os: example.os,
      });
  });

  it('has no country without a country database', () => {
    expect(new Attribution().attribute({ userAgent: APPLE_PODCASTS, ip: '8.8.8.8' }).country).toBeNull();
  });

  it('works each distinct User-Agent out once', () => {
    const attribution = new Attribution();
    const first = attribution.attributeUserAgent(OVERCAST);
    for (let request = 0; request < 1000; request++)
      expect(attribution.attributeUserAgent(OVERCAST)).toBe(first);
    attribution.attributeUserAgent(SPOTIFY);
    expect(attribution.cachedUserAgents).toBe(2);
  });

  it('keeps at most its cache size, forgetting the least recently used agent', () => {
    const attribution = new Attribution({ cacheSize: 2 });
    const overcast = attribution.attributeUserAgent(OVERCAST);
    const spotify = attribution.attributeUserAgent(SPOTIFY);
    expect(attribution.attributeUserAgent(OVERCAST)).toBe(overcast);
    attribution.attributeUserAgent(APPLE_PODCASTS);

    expect(attribution.cachedUserAgents).toBe(2);
    expect(attribution.attributeUserAgent(OVERCAST)).toBe(overcast);
    const spotifyAgain = attribution.attributeUserAgent(SPOTIFY);
    expect(spotifyAgain).not.toBe(spotify);
    expect(spotifyAgain).toEqual(spotify);
  });

  it('hands out attributions that cannot be changed through the cache', () => {
    const attribution = new Attribution();
    const result = attribution.attributeUserAgent(OVERCAST);
    expect(Object.isFrozen(result)).toBe(true);
  });
});

describe('ATTRIBUTION_VERSION', () => {
  const current: AttributionTables = {
    apps: PODCAST_APPS,
    botRules: PODCAST_BOT_RULES,
    toolRules: TOOL_RULES,
  };

  it('is a short hash of the current tables', () => {
    expect(ATTRIBUTION_VERSION).toMatch(/^[0-9a-f]{16}$/);
    expect(attributionVersionFor(current)).toBe(ATTRIBUTION_VERSION);
  });

  it('changes when an app pattern changes', () => {
    const [first, ...rest] = PODCAST_APPS;
    const changed = [{ ...first!, pattern: new RegExp(`${first!.pattern.source}|^atc2/`) }, ...rest];
    expect(attributionVersionFor({ ...current, apps: changed })).not.toBe(ATTRIBUTION_VERSION);
  });

  it('changes when the order of the app table changes', () => {
    expect(attributionVersionFor({ ...current, apps: [...PODCAST_APPS].reverse() })).not.toBe(
      ATTRIBUTION_VERSION,
    );
  });

  it('changes when a bot or tool rule is added or removed', () => {
    const moreBots = [...PODCAST_BOT_RULES, { name: 'new crawler', pattern: /^NewCrawler\// }];
    expect(attributionVersionFor({ ...current, botRules: moreBots })).not.toBe(ATTRIBUTION_VERSION);
    expect(attributionVersionFor({ ...current, toolRules: TOOL_RULES.slice(1) })).not.toBe(
      ATTRIBUTION_VERSION,
    );
  });
});
