import { describe, expect, it } from '@jest/globals';
import { averageDailyFetchers } from './feed-analytics.js';

describe('averageDailyFetchers: distinct fetchers per UTC day, averaged over the days that had requests', () => {
  it('is 0 without a day', () => {
    expect(averageDailyFetchers([])).toBe(0);
  });

  it('rounds the mean to a whole subscriber: 7 fetchers over 3 days are 2, 8 are 3', () => {
    expect(averageDailyFetchers([1, 3, 3])).toBe(2);
    expect(averageDailyFetchers([2, 3, 3])).toBe(3);
  });

  it('counts a day of bots and aggregators only as a day with none, not as no day', () => {
    expect(averageDailyFetchers([4, 0])).toBe(2);
  });
});
