import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { list as isbotPatterns } from 'isbot';
import { UAParser } from 'ua-parser-js';
import {
  isFilteredUserAgent,
  PODCAST_BOT_RULES,
  TOOL_RULES,
  type FilterReason,
  type FilterRule,
} from './bots.js';
import type { CountryLookup } from './countries.js';
import { deviceOf, type Device } from './devices.js';
import { identifyApp, PODCAST_APPS, type AppKind, type PodcastApp } from './podcast-apps.js';

/**
 * Raised by hand when the attribution code changes in a way the tables do not show (how devices are told apart,
 * the order of the filtering steps), so that ATTRIBUTION_VERSION changes with it.
 */
const ATTRIBUTION_RULES_REVISION = 1;

const ruleSources = (rules: readonly FilterRule[]) =>
  rules.map((rule) => [rule.name, rule.pattern.source, rule.pattern.flags]);

/** The tables an attribution version is made of; the libraries' parts are read from the installed packages. */
export interface AttributionTables {
  apps: readonly PodcastApp[];
  botRules: readonly FilterRule[];
  toolRules: readonly FilterRule[];
}

/** The version of attribution with the given tables (ATTRIBUTION_VERSION is it with the current ones). */
export function attributionVersionFor(tables: AttributionTables): string {
  const require = createRequire(import.meta.url);
  const { version: isbotVersion } = require('isbot/package.json') as { version: string };
  const inputs = {
    revision: ATTRIBUTION_RULES_REVISION,
    apps: tables.apps.map((entry) => [entry.app, entry.kind, entry.pattern.source, entry.pattern.flags]),
    bots: ruleSources(tables.botRules),
    tools: ruleSources(tables.toolRules),
    isbot: [isbotVersion, isbotPatterns],
    uaParser: UAParser.VERSION,
  };
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 16);
}

/**
 * Changes whenever anything that decides a request's attribution from its User-Agent changes: the app table, the
 * podcast bot and tool rules, isbot's pattern list and version, ua-parser-js's version (device and OS) and the
 * rules revision above. The counting step stores it with its rollups and recounts everything from the raw
 * requests when it differs. The country is not part of it: it comes from the address, which raw requests do not
 * keep, so it is decided once when a request is recorded.
 */
export const ATTRIBUTION_VERSION: string = attributionVersionFor({
  apps: PODCAST_APPS,
  botRules: PODCAST_BOT_RULES,
  toolRules: TOOL_RULES,
});

/** Everything a User-Agent alone says about a request. */
export interface UserAgentAttribution {
  filtered: boolean;
  reason: FilterReason | null;
  app: string;
  appKind: AppKind;
  /** The browser's name when app is 'Web Browser'. */
  browser: string | null;
  device: Device;
  os: string | null;
}

export interface RequestAttribution extends UserAgentAttribution {
  /** ISO 3166-1 alpha-2, or null when the address is private, unknown, or no country database is loaded. */
  country: string | null;
}

export interface AttributionOptions {
  /** Without one every country is null (the counting step reads countries stored at recording). */
  countries?: CountryLookup;
  /** Distinct User-Agents kept; beyond it the least recently used is forgotten. */
  cacheSize?: number;
}

const DEFAULT_CACHE_SIZE = 10_000;

/**
 * Attribution of download requests: filtering, app, device, OS and country. Pure and synchronous. Millions of
 * requests share a few thousand User-Agents, so each distinct agent is worked out once and kept in a bounded cache:
 * a Map in recency order (a hit moves the agent to the end; when full, the first, least recently used, goes),
 * which is all the LRU needed here.
 */
export class Attribution {
  private readonly cache = new Map<string, UserAgentAttribution>();
  private readonly cacheSize: number;
  private readonly countries: CountryLookup | undefined;

  constructor(options: AttributionOptions = {}) {
    this.countries = options.countries;
    this.cacheSize = Math.max(1, options.cacheSize ?? DEFAULT_CACHE_SIZE);
  }

  /** How many distinct User-Agents are cached. */
  get cachedUserAgents(): number {
    return this.cache.size;
  }

  attribute(request: { userAgent: string | undefined; ip: string }): RequestAttribution {
    return {
      ...this.attributeUserAgent(request.userAgent),
      country: this.countries?.countryOf(request.ip) ?? null,
    };
  }

  attributeUserAgent(userAgent: string | undefined): UserAgentAttribution {
    const key = userAgent ?? '';
    const cached = this.cache.get(key);
    if (cached) {
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    const computed = attributeUserAgent(userAgent);
    if (this.cache.size >= this.cacheSize) {
      const leastRecent = this.cache.keys().next();
      if (!leastRecent.done) this.cache.delete(leastRecent.value);
    }
    this.cache.set(key, computed);
    return computed;
  }
}

function attributeUserAgent(userAgent: string | undefined): UserAgentAttribution {
  const filter = isFilteredUserAgent(userAgent);
  const app = identifyApp(userAgent);
  const { device, os } = deviceOf(userAgent, app);
  return Object.freeze({
    filtered: filter.filtered,
    reason: filter.reason ?? null,
    app: app.app,
    appKind: app.kind,
    browser: app.browser ?? null,
    device,
    os,
  });
}
