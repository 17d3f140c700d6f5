import { describe, expect, it } from '@jest/globals';
import { reportedWeek } from './local-week.js';

describe('reportedWeek', () => {
  it("is the week that ended at the creator's Monday midnight, from 08:00 on their Monday", () => {
    // Monday 23 Nov 2026, 08:30 in Paris (UTC+1) is 07:30 UTC.
    expect(reportedWeek(new Date('2026-11-23T07:30:00Z'), 'Europe/Paris')).toEqual({
      from: new Date('2026-11-15T23:00:00Z'),
      to: new Date('2026-11-22T23:00:00Z'),
      firstDay: '2026-11-16',
      lastDay: '2026-11-22',
    });
  });

  it('waits until 08:00 local on Monday, and is nothing on the other days', () => {
    expect(reportedWeek(new Date('2026-11-23T06:59:59Z'), 'Europe/Paris')).toBeNull();
    expect(reportedWeek(new Date('2026-11-23T07:00:00Z'), 'Europe/Paris')).not.toBeNull();
    // Still Sunday evening in Los Angeles (UTC-8) when it is Monday noon in UTC.
    expect(reportedWeek(new Date('2026-11-23T12:00:00Z'), 'America/Los_Angeles')).toBeNull();
    expect(reportedWeek(new Date('2026-11-24T07:30:00Z'), 'Europe/Paris')).toBeNull();
    // Monday 00:30 local in Auckland (UTC+13) is still Sunday in UTC, and too early; 09:00 local is Sunday 20:00 UTC.
    expect(reportedWeek(new Date('2026-11-22T11:30:00Z'), 'Pacific/Auckland')).toBeNull();
    expect(reportedWeek(new Date('2026-11-22T20:00:00Z'), 'Pacific/Auckland')).toMatchObject({
      firstDay: '2026-11-16',
      lastDay: '2026-11-22',
      from: new Date('2026-11-15T11:00:00Z'),
      to: new Date('2026-11-22T11:00:00Z'),
    });
  });

  it('keeps local midnights across a change of daylight saving time (a week of 169 hours)', () => {
    // Europe/Paris leaves summer time on Sunday 25 Oct 2026: the week of 19–25 Oct is an hour longer.
    const week = reportedWeek(new Date('2026-10-26T09:00:00Z'), 'Europe/Paris');
    expect(week).toMatchObject({
      from: new Date('2026-10-18T22:00:00Z'),
      to: new Date('2026-10-25T23:00:00Z'),
      firstDay: '2026-10-19',
      lastDay: '2026-10-25',
    });
    expect((week!.to.getTime() - week!.from.getTime()) / 3_600_000).toBe(169);
  });

  it('reads UTC as UTC', () => {
    expect(reportedWeek(new Date('2026-11-23T08:00:00Z'), 'UTC')).toMatchObject({
      from: new Date('2026-11-16T00:00:00Z'),
      to: new Date('2026-11-23T00:00:00Z'),
    });
  });
});
