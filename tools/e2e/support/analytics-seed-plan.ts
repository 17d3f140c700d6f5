import { createHash } from 'node:crypto';
import { DAY_MS, type AnalyticsDevice } from '@castbase/contracts';

// The plan of a podcast's analytics history for browser tests (analytics-seed.ts writes it): counted downloads spread
// over the past days, growing towards today with a weekly rhythm, attributed to countries, apps, devices and sources;
// the Castbase players' sessions of the downloads they made; and feed requests. Deterministic: a PRNG with a fixed
// seed, and listener keys hashed from it, so the same seed gives the same rows (their times relative to `now`).

export interface SeedEpisode {
  episodeId: string;
  /** The media's length, for the players' sessions. */
  durationSeconds: number;
  /** Relative popularity: its share of each day's downloads among the seeded episodes. */
  weight: number;
  /** Whether Castbase's players played it (sessions, so completion and listen time); false leaves them unmeasured. */
  listened: boolean;
}

export interface AnalyticsSeedPlan {
  podcastId: string;
  /** The podcast owner's user id (the rows' owner_id, as the counting writes it). */
  ownerId: string;
  episodes: readonly SeedEpisode[];
  /** How many UTC days back the history goes, today included. */
  days: number;
  /** Downloads on an average day across the episodes. */
  downloadsPerDay: number;
  /** Feed requests on an average day. */
  feedRequestsPerDay: number;
  /** The PRNG's seed. */
  seed: number;
  now?: Date;
}

export interface SeededDownload {
  requestId: string;
  countedAt: Date;
  episodeId: string;
  /** The 16-byte listener key, hex. */
  listener: string;
  country: string | null;
  app: string;
  appKind: string;
  device: AnalyticsDevice;
  os: string | null;
  source: string;
}

export interface SeededSession {
  sessionId: string;
  episodeId: string;
  /** The Castbase player that played it: 'page' or 'embed'. */
  player: string;
  /** The download the play made (its listener, country, app and device are the session's). */
  download: SeededDownload;
  startedAt: Date;
  listenedSeconds: number;
  durationSeconds: number;
}

export interface SeededFeedRequest {
  requestedAt: Date;
  app: string;
  appKind: string;
  /** The fetcher's 16-byte key of the day, hex. */
  fetcher: string;
  country: string | null;
  bytes: number;
}

export interface AnalyticsSeed {
  downloads: SeededDownload[];
  sessions: SeededSession[];
  feedRequests: SeededFeedRequest[];
}

/** mulberry32: a small PRNG whose sequence a seed fixes. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T>(random: () => number, weighted: ReadonlyArray<readonly [T, number]>): T {
  const total = weighted.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [value, weight] of weighted) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return weighted[weighted.length - 1]![0];
}

const COUNTRIES: ReadonlyArray<readonly [string | null, number]> = [
  ['US', 30],
  ['GB', 14],
  ['DE', 11],
  ['CA', 8],
  ['FR', 7],
  ['AU', 6],
  ['NL', 5],
  ['SE', 4],
  ['ES', 4],
  ['BR', 3],
  ['IN', 3],
  ['JP', 2],
  ['IT', 2],
  ['MX', 2],
  ['NO', 1],
  [null, 2],
];

/** App, its kind, device, OS and the source the counting gives it (the players' own sources by `?src=`). */
const CLIENTS: ReadonlyArray<
  readonly [{ app: string; kind: string; device: AnalyticsDevice; os: string | null; source: string }, number]
> = [
  [{ app: 'Apple Podcasts', kind: 'app', device: 'mobile', os: 'iOS', source: 'Podcast app' }, 26],
  [{ app: 'Spotify', kind: 'app', device: 'mobile', os: 'Android', source: 'Podcast app' }, 18],
  [{ app: 'Overcast', kind: 'app', device: 'mobile', os: 'iOS', source: 'Podcast app' }, 8],
  [{ app: 'Pocket Casts', kind: 'app', device: 'tablet', os: 'Android', source: 'Podcast app' }, 6],
  [{ app: 'Web Browser', kind: 'browser', device: 'desktop', os: 'Windows', source: 'Web browser' }, 10],
  [{ app: 'Web Browser', kind: 'browser', device: 'desktop', os: 'macOS', source: 'Castbase page' }, 9],
  [{ app: 'Web Browser', kind: 'browser', device: 'mobile', os: 'Android', source: 'Embedded player' }, 6],
  [
    {
      app: 'Apple HomePod',
      kind: 'smart-speaker',
      device: 'smart speaker',
      os: null,
      source: 'Smart speaker',
    },
    3,
  ],
  [{ app: 'Apple TV', kind: 'tv', device: 'tv', os: 'tvOS', source: 'TV' }, 2],
];
const PLAYER_SOURCES: Record<string, string> = { 'Castbase page': 'page', 'Embedded player': 'embed' };

const FEED_APPS: ReadonlyArray<readonly [{ app: string; kind: string }, number]> = [
  [{ app: 'Apple Podcasts', kind: 'app' }, 40],
  [{ app: 'Spotify', kind: 'app' }, 25],
  [{ app: 'Overcast', kind: 'app' }, 15],
  [{ app: 'Pocket Casts', kind: 'app' }, 10],
];

/** Distinct apps (subscribers' devices) that fetch the feed on a day. */
const FEED_FETCHERS = 40;

/** A 16-byte key a hash of the seed and its parts fixes: one listener's (or fetcher's) key of one UTC day. */
function dailyKey(seed: number, kind: string, index: number, day: number): Buffer {
  return createHash('sha256').update(`${seed}:${kind}:${index}:${day}`).digest().subarray(0, 16);
}

/** A moment of the UTC day `daysAgo` days before `now`'s, never later than two minutes before `now`. */
function momentOf(random: () => number, now: Date, daysAgo: number): Date {
  const dayStart = Math.floor(now.getTime() / DAY_MS) * DAY_MS - daysAgo * DAY_MS;
  const latest = Math.min(dayStart + DAY_MS, now.getTime() - 120_000);
  return new Date(dayStart + Math.floor(random() * Math.max(1, latest - dayStart)));
}

/** What the plan gives, without writing it. */
export function planAnalyticsSeed(plan: AnalyticsSeedPlan): AnalyticsSeed {
  const random = prng(plan.seed);
  const now = plan.now ?? new Date();
  const totalWeight = plan.episodes.reduce((sum, episode) => sum + episode.weight, 0);
  const seed: AnalyticsSeed = { downloads: [], sessions: [], feedRequests: [] };
  for (let daysAgo = plan.days - 1; daysAgo >= 0; daysAgo--) {
    const day = Math.floor(now.getTime() / DAY_MS) - daysAgo;
    // Plays grow towards today, with a weekly rhythm, so ranges and week-over-week differ.
    const level = (0.4 + (0.6 * (plan.days - daysAgo)) / plan.days) * (day % 7 < 2 ? 0.7 : 1.1);
    for (const episode of plan.episodes) {
      const count = Math.round(
        plan.downloadsPerDay * (episode.weight / totalWeight) * level * (0.6 + random() * 0.8),
      );
      const listenerPool = Math.max(1, Math.round(count * 0.7));
      for (let n = 0; n < count; n++) {
        const client = pick(random, CLIENTS);
        const download: SeededDownload = {
          requestId: randomUuid(random),
          countedAt: momentOf(random, now, daysAgo),
          episodeId: episode.episodeId,
          listener: dailyKey(plan.seed, 'listener', Math.floor(random() * listenerPool), day).toString('hex'),
          country: pick(random, COUNTRIES),
          app: client.app,
          appKind: client.kind,
          device: client.device,
          os: client.os,
          source: client.source,
        };
        seed.downloads.push(download);
        const player = PLAYER_SOURCES[client.source];
        if (episode.listened && player) {
          seed.sessions.push({
            sessionId: randomUuid(random),
            episodeId: episode.episodeId,
            player,
            download,
            startedAt: download.countedAt,
            listenedSeconds: Math.round(episode.durationSeconds * (0.15 + random() * 0.85)),
            durationSeconds: episode.durationSeconds,
          });
        }
      }
    }
    const requests = Math.round(plan.feedRequestsPerDay * (0.7 + random() * 0.6));
    for (let n = 0; n < requests; n++) {
      const app = pick(random, FEED_APPS);
      seed.feedRequests.push({
        requestedAt: momentOf(random, now, daysAgo),
        app: app.app,
        appKind: app.kind,
        fetcher: dailyKey(plan.seed, 'fetcher', Math.floor(random() * FEED_FETCHERS), day).toString('hex'),
        country: pick(random, COUNTRIES),
        bytes: 2_000 + Math.floor(random() * 60_000),
      });
    }
  }
  return seed;
}

/** A v4-shaped UUID from the PRNG (the rows' ids are part of what the seed fixes). */
function randomUuid(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}
