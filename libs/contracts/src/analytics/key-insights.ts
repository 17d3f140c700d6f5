import type { AnalyticsInsight } from './analytics-api.js';
import {
  COMPLETION_AVERAGE_PERCENT,
  formatPercent,
  LISTEN_SHARE_POSITIVE_PERCENT,
  UNKNOWN_COUNTRY,
} from './analytics-formulas.js';
import { episodeAnalyticsMessages } from './analytics-messages.js';

// The episode screen's four Key Insights (spec 3 §2.2).

const text = episodeAnalyticsMessages.insights;

export interface KeyInsightsInput {
  /** Percent, or null when not measured. */
  completionRate: number | null;
  sources: readonly { source: string; count: number }[];
  countries: readonly { name: string; plays: number }[];
  averageListenSeconds: number | null;
  durationSeconds: number | null;
}

/**
 * Average listen time as a percent of the episode's duration, at most 100 (a listener who replays parts can pass the
 * duration); null when either is unknown or the duration is 0.
 */
export function listenSharePercent(
  averageListenSeconds: number | null,
  durationSeconds: number | null,
): number | null {
  if (averageListenSeconds === null || durationSeconds === null || durationSeconds <= 0) return null;
  return Math.min(100, (averageListenSeconds * 100) / durationSeconds);
}

/** The entry with the largest positive count; the first of equals. */
function largest<T>(entries: readonly T[], countOf: (entry: T) => number): T | null {
  let best: T | null = null;
  for (const entry of entries) {
    if (countOf(entry) > 0 && (best === null || countOf(entry) > countOf(best))) best = entry;
  }
  return best;
}

/**
 * Completion against the 50 % average (at 50 or more it is above), the top traffic source ('Web' when there is none),
 * the most popular country ('Unknown' when there is none), and the average listen time as a share of the episode
 * (good news above 50 %). A completion or listen share that is not measured is said so, neither good nor bad.
 */
export function keyInsights(input: KeyInsightsInput): AnalyticsInsight[] {
  const { completionRate } = input;
  const completion: AnalyticsInsight =
    completionRate === null
      ? { kind: 'completion', text: text.completionNotMeasured, positive: null }
      : completionRate >= COMPLETION_AVERAGE_PERCENT
        ? { kind: 'completion', text: text.completionAbove(formatPercent(completionRate)), positive: true }
        : { kind: 'completion', text: text.completionBelow(formatPercent(completionRate)), positive: false };

  const source =
    largest(input.sources, (entry) => entry.count)?.source ?? episodeAnalyticsMessages.defaultSource;
  const country = largest(input.countries, (entry) => entry.plays)?.name ?? UNKNOWN_COUNTRY;

  const share = listenSharePercent(input.averageListenSeconds, input.durationSeconds);
  const listenShare: AnalyticsInsight =
    share === null
      ? { kind: 'listenShare', text: text.listenShareNotMeasured, positive: null }
      : {
          kind: 'listenShare',
          text: text.listenShare(formatPercent(share)),
          positive: share > LISTEN_SHARE_POSITIVE_PERCENT,
        };

  return [
    completion,
    { kind: 'topSource', text: text.topSource(source), positive: null },
    { kind: 'topCountry', text: text.topCountry(country), positive: null },
    listenShare,
  ];
}
