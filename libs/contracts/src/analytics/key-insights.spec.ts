import { describe, expect, it } from '@jest/globals';
import { keyInsights, listenSharePercent, type KeyInsightsInput } from './key-insights.js';

const measured: KeyInsightsInput = {
  completionRate: 62.5,
  sources: [
    { source: 'RSS', count: 10 },
    { source: 'Embed', count: 30 },
    { source: 'Web', count: 30 },
  ],
  countries: [
    { name: 'Germany', plays: 5 },
    { name: 'United States', plays: 9 },
  ],
  averageListenSeconds: 1200,
  durationSeconds: 1800,
};

const insight = (input: KeyInsightsInput, kind: string) =>
  keyInsights(input).find((entry) => entry.kind === kind);

describe('Key Insights (spec 3 §2.2)', () => {
  it('gives the four insights in order: completion, top source, top country, listen share', () => {
    expect(keyInsights(measured)).toEqual([
      { kind: 'completion', text: 'Completion rate of 62.5% is above the 50% average', positive: true },
      { kind: 'topSource', text: 'Top traffic source: Embed', positive: null },
      { kind: 'topCountry', text: 'Most popular country: United States', positive: null },
      { kind: 'listenShare', text: 'Listeners hear 66.7% of the episode on average', positive: true },
    ]);
  });

  it('counts completion of 50 % as above average and below it as a warning', () => {
    expect(insight({ ...measured, completionRate: 50 }, 'completion')).toEqual({
      kind: 'completion',
      text: 'Completion rate of 50.0% is above the 50% average',
      positive: true,
    });
    expect(insight({ ...measured, completionRate: 49.9 }, 'completion')).toEqual({
      kind: 'completion',
      text: 'Completion rate of 49.9% is below the 50% average',
      positive: false,
    });
  });

  it('says completion and listen time are not measured without Castbase player sessions', () => {
    const unmeasured = { ...measured, completionRate: null, averageListenSeconds: null };
    expect(insight(unmeasured, 'completion')).toEqual({
      kind: 'completion',
      text: 'Completion is measured when people listen in a Castbase player',
      positive: null,
    });
    expect(insight(unmeasured, 'listenShare')).toEqual({
      kind: 'listenShare',
      text: 'Listen time is measured when people listen in a Castbase player',
      positive: null,
    });
  });

  it("defaults the top source to 'Web' and the country to 'Unknown' when nothing was counted", () => {
    const empty = { ...measured, sources: [], countries: [{ name: 'France', plays: 0 }] };
    expect(insight(empty, 'topSource')?.text).toBe('Top traffic source: Web');
    expect(insight(empty, 'topCountry')?.text).toBe('Most popular country: Unknown');
  });

  it('is good news only above half the episode', () => {
    expect(insight({ ...measured, averageListenSeconds: 900 }, 'listenShare')).toEqual({
      kind: 'listenShare',
      text: 'Listeners hear 50.0% of the episode on average',
      positive: false,
    });
    expect(insight({ ...measured, averageListenSeconds: 901 }, 'listenShare')?.positive).toBe(true);
  });

  it('takes listen time over duration, at most 100 %, and nothing without a duration', () => {
    expect(listenSharePercent(600, 2400)).toBe(25);
    expect(listenSharePercent(2000, 1800)).toBe(100);
    expect(listenSharePercent(600, 0)).toBeNull();
    expect(listenSharePercent(600, null)).toBeNull();
    expect(listenSharePercent(null, 1800)).toBeNull();
  });
});
