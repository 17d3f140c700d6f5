import { Injectable } from '@nestjs/common';
import {
  ANALYTICS_CACHE_TTL_MS,
  analyticsRangeStart,
  type AnalyticsTimeRange,
  type FeedAnalytics,
} from '@castbase/contracts';
import { feedAnalytics } from './feed-analytics.js';
import { FeedRequestsRepository } from './feed-requests.repository.js';

interface CachedAnswer {
  expiresAtMs: number;
  answer: FeedAnalytics;
}

/**
 * A podcast's feed analytics for a time range, kept 5 minutes per podcast and range (ANALYTICS_CACHE_TTL_MS) in this
 * process's memory. Whoever asks must have been checked already: the cache knows nothing of callers.
 */
@Injectable()
export class FeedAnalyticsService {
  private readonly cache = new Map<string, CachedAnswer>();

  constructor(private readonly repository: FeedRequestsRepository) {}

  async answer(podcastId: string, timeRange: AnalyticsTimeRange): Promise<FeedAnalytics> {
    const key = `${podcastId}/${timeRange}`;
    const nowMs = Date.now();
    const cached = this.cache.get(key);
    if (cached && cached.expiresAtMs > nowMs) return cached.answer;
    this.forgetExpired(nowMs);
    const now = new Date(nowMs);
    const figures = await this.repository.figures(podcastId, analyticsRangeStart(timeRange, now));
    const answer = feedAnalytics(figures, timeRange, now);
    this.cache.set(key, { expiresAtMs: nowMs + ANALYTICS_CACHE_TTL_MS, answer });
    return answer;
  }

  /** Forgets every kept answer, so the next ones are computed (a benchmark of the queries themselves). */
  clearCache(): void {
    this.cache.clear();
  }

  /** Drops expired answers, so podcasts asked about once do not stay in memory. */
  private forgetExpired(nowMs: number): void {
    for (const [key, cached] of this.cache) if (cached.expiresAtMs <= nowMs) this.cache.delete(key);
  }
}
