import type { Attribution } from '../attribution/index.js';
import { utcDay } from '../downloads/listener-keys.js';
import { CoveredBytes, deliveredBytes, requestedBytes, type DeliveredBytes } from './requested-ranges.js';

const DAY_MS = 86_400_000;
/** IAB v2.2: a download is at least a minute of the episode's audio (or the whole file when shorter). */
const MINIMUM_SECONDS = 60;
/** The burst rule: more listeners (user agents) than this on one address for one episode in one hour is not people. */
export const BURST_LISTENERS_PER_ADDRESS_HOUR = 10;

/** One recorded GET of an episode's enclosure, as the counting reads it from `download_requests`. */
export interface CountableRequest {
  id: string;
  occurredAtMs: number;
  podcastId: string;
  episodeId: string;
  ownerId: string;
  listenerDay: Buffer;
  listenerNext: Buffer | null;
  addressDay: Buffer | null;
  country: string | null;
  userAgent: string;
  rangeHeader: string | null;
  prefetch: boolean;
  source: string | null;
  /** Redirected to Castbase's own storage: its bytes are those `delivered`, not those it asked for. */
  ownStorage: boolean;
  /** What the storage reported it sent of this request (the most of its reports), null before any report. */
  delivered: DeliveredBytes | null;
}

/** The episode's file: its size and length, when known, set the one-minute threshold. */
export interface EpisodeFile {
  sizeBytes: number | null;
  durationSeconds: number | null;
}

/** Why a request did not make a download of its own. */
export type RequestOutcome =
  | 'counted'
  | 'prefetch'
  | 'probe'
  | 'no-user-agent'
  | 'bot'
  | 'tool'
  /** Its listener's download of this episode was already counted in the same 24 hours. */
  | 'duplicate'
  /** Its bytes (with the window's earlier ones) did not reach a minute of audio, yet. */
  | 'partial';

/** A download counted to IAB v2.2, attributed from the request that completed it. */
export interface CountedDownload {
  requestId: string;
  countedAtMs: number;
  /** When the listener's 24-hour window began (their first request of it). */
  windowStartMs: number;
  podcastId: string;
  episodeId: string;
  ownerId: string;
  /** The listener's key of the window's first day (their listener_day then). */
  listener: Buffer;
  /** The address alone under the day's salt (the burst rule's key), null for requests recorded before it existed. */
  address: Buffer | null;
  app: string;
  appKind: string;
  device: string;
  os: string | null;
  country: string | null;
  source: DownloadSource;
  /** Counted, then excluded by the burst rule (set by the job): kept for the record, left out of every figure. */
  excluded: 'burst' | null;
}

export type DownloadSource =
  | 'Podcast app'
  | 'Web browser'
  | 'Smart speaker'
  | 'TV'
  | 'Castbase page'
  | 'Embedded player'
  | 'Castbase app'
  | 'Other';

const PLAYER_SOURCES: Record<string, DownloadSource> = {
  page: 'Castbase page',
  embed: 'Embedded player',
  app: 'Castbase app',
};
const KIND_SOURCES: Record<string, DownloadSource> = {
  app: 'Podcast app',
  browser: 'Web browser',
  'smart-speaker': 'Smart speaker',
  tv: 'TV',
};

/**
 * The bytes a window's requests must cover to make a download: the header plus a minute of audio at the file's
 * average bitrate, or the whole file when shorter. The average bitrate (size over duration) includes the header, so
 * a minute of it is the header plus about a minute of audio when the header is small next to the file. Unknown size:
 * any request that is not a probe; unknown duration: the whole file.
 */
export function downloadThreshold(file: EpisodeFile): number {
  if (file.sizeBytes === null) return 1;
  if (!file.durationSeconds) return file.sizeBytes;
  return Math.min(file.sizeBytes, Math.ceil((file.sizeBytes * MINIMUM_SECONDS) / file.durationSeconds));
}

/** A listener's 24-hour window on an episode: kept between counting runs (`listener_windows`) while it lasts. */
export interface ListenerWindow {
  startMs: number;
  listener: Buffer;
  /** Their key of the window's first day, and of the day after (null for requests recorded before it existed). */
  keyDay: string;
  keyNext: string | null;
  covered: CoveredBytes;
  counted: boolean;
}

/**
 * Counts the downloads of one episode from its requests, in time order, to the IAB Podcast Measurement Technical
 * Guidelines v2.2: GET only (HEAD is never recorded); prefetches, `bytes=0-0`/`0-1` probes and filtered user agents
 * (none, bots, tools) left out; one download per listener (address with IPv6 cut to /64, and user agent) per rolling
 * 24-hour window that starts at their first request; the window's byte ranges united until they cover the threshold
 * (`downloadThreshold`): the ranges asked for, or for a request served by Castbase's own storage the range it sent. A listener is followed across midnight by their keys: a request's `listener_next` is their
 * `listener_day` of the next day. `openWindows` are the windows a previous run left open; the burst rule (one address
 * with more than 10 listeners of the episode in an hour) is the counting job's, over the stored downloads.
 */
export function countDownloads(
  requests: readonly CountableRequest[],
  file: EpisodeFile,
  attribution: Attribution,
  openWindows: readonly ListenerWindow[] = [],
): {
  downloads: CountedDownload[];
  outcomes: Map<string, RequestOutcome>;
  /** Every window seen or opened, as it is after these requests. */
  windows: Set<ListenerWindow>;
} {
  const threshold = downloadThreshold(file);
  const windows = new Map<string, ListenerWindow>();
  for (const window of openWindows) {
    windows.set(window.keyDay, window);
    if (window.keyNext) windows.set(window.keyNext, window);
  }
  const touched = new Set<ListenerWindow>(openWindows);
  const outcomes = new Map<string, RequestOutcome>();
  const downloads: CountedDownload[] = [];

  for (const request of requests) {
    const user = attribution.attributeUserAgent(request.userAgent);
    if (request.prefetch) {
      outcomes.set(request.id, 'prefetch');
      continue;
    }
    if (user.filtered) {
      outcomes.set(request.id, user.reason ?? 'bot');
      continue;
    }
    const asked = requestedBytes(request.rangeHeader, file.sizeBytes);
    if (asked.kind === 'probe') {
      outcomes.set(request.id, 'probe');
      continue;
    }
    const key = listenerKey(request.occurredAtMs, request.listenerDay);
    let window = windows.get(key);
    if (!window || request.occurredAtMs - window.startMs >= DAY_MS) {
      window = {
        startMs: request.occurredAtMs,
        listener: request.listenerDay,
        keyDay: key,
        keyNext: request.listenerNext
          ? listenerKey(request.occurredAtMs + DAY_MS, request.listenerNext)
          : null,
        covered: new CoveredBytes(),
        counted: false,
      };
      windows.set(window.keyDay, window);
      if (window.keyNext) windows.set(window.keyNext, window);
    }
    touched.add(window);
    if (window.counted) {
      outcomes.set(request.id, 'duplicate');
      continue;
    }
    window.covered.add(request.ownStorage ? deliveredBytes(request.delivered, asked.ranges) : asked.ranges);
    if (window.covered.total < threshold) {
      outcomes.set(request.id, 'partial');
      continue;
    }
    window.counted = true;
    outcomes.set(request.id, 'counted');
    const download: CountedDownload = {
      requestId: request.id,
      countedAtMs: request.occurredAtMs,
      windowStartMs: window.startMs,
      podcastId: request.podcastId,
      episodeId: request.episodeId,
      ownerId: request.ownerId,
      listener: window.listener,
      address: request.addressDay,
      app: user.app,
      appKind: user.appKind,
      device: user.device,
      os: user.os,
      country: request.country,
      source: (request.source && PLAYER_SOURCES[request.source]) || KIND_SOURCES[user.appKind] || 'Other',
      excluded: null,
    };
    downloads.push(download);
  }

  return { downloads, outcomes, windows: touched };
}

/**
 * `countDownloads` taken `step` requests at a time, each step going on from the windows the one before left, with the
 * event loop turning between steps: the same downloads and windows as one call, but a run of tens of thousands of
 * requests never holds the process (and the download redirect it serves) for more than one step's few milliseconds.
 */
export async function countDownloadsInSteps(
  requests: readonly CountableRequest[],
  file: EpisodeFile,
  attribution: Attribution,
  openWindows: readonly ListenerWindow[] = [],
  step = COUNTING_STEP,
): Promise<{ downloads: CountedDownload[]; windows: Set<ListenerWindow> }> {
  const downloads: CountedDownload[] = [];
  let windows = new Set(openWindows);
  for (let first = 0; first < requests.length; first += step) {
    if (first > 0) await new Promise((turn) => setImmediate(turn));
    const counted = countDownloads(requests.slice(first, first + step), file, attribution, [...windows]);
    for (const download of counted.downloads) downloads.push(download);
    windows = counted.windows;
  }
  return { downloads, windows };
}

/** Requests counted between two turns of the event loop: a few milliseconds' work. */
const COUNTING_STEP = 1_000;

/** The window keys requests look their listener's window up by: the stored windows they can fall in have them. */
export function windowKeysOf(requests: readonly CountableRequest[]): string[] {
  return [...new Set(requests.map((request) => listenerKey(request.occurredAtMs, request.listenerDay)))];
}

/** How a listener is looked up: their key of a UTC day, with the day. */
function listenerKey(atMs: number, key: Buffer): string {
  return `${utcDay(atMs)}:${key.toString('hex')}`;
}
