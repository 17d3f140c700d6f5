import { describe, expect, it } from '@jest/globals';
import { timeSegments, type TimeSegment } from './time-segments.js';

const at = (iso: string) => new Date(iso);
const shown = (segments: TimeSegment[]) =>
  segments.map(
    ({ source, from, to }) =>
      `${source} ${from?.toISOString().slice(0, 16) ?? '…'} ${to?.toISOString().slice(0, 16) ?? '…'}`,
  );

describe('timeSegments: a time range as whole months, days and hours, and the minutes at its edges', () => {
  it('reads All Time and a range from the first of a month from the months alone', () => {
    expect(shown(timeSegments(null, null))).toEqual(['months … …']);
    expect(shown(timeSegments(at('2026-11-01T00:00:00Z'), null))).toEqual(['months 2026-11-01T00:00 …']);
  });

  it('reads a range from midnight as the days to the end of the month, then months', () => {
    expect(shown(timeSegments(at('2026-10-29T00:00:00Z'), null))).toEqual([
      'days 2026-10-29T00:00 2026-11-01T00:00',
      'months 2026-11-01T00:00 …',
    ]);
  });

  it('reads 24 Hours (from a whole hour) as the hours to midnight, then days and months', () => {
    expect(shown(timeSegments(at('2026-11-30T14:00:00Z'), null))).toEqual([
      'hours 2026-11-30T14:00 2026-12-01T00:00',
      'months 2026-12-01T00:00 …',
    ]);
    expect(shown(timeSegments(at('2026-11-27T14:00:00Z'), null))).toEqual([
      'hours 2026-11-27T14:00 2026-11-28T00:00',
      'days 2026-11-28T00:00 2026-12-01T00:00',
      'months 2026-12-01T00:00 …',
    ]);
  });

  it('reads a range from any instant as its minutes from the events, its hours, days, then months', () => {
    expect(shown(timeSegments(at('2026-11-27T14:25:10Z'), null))).toEqual([
      'events 2026-11-27T14:25 2026-11-27T15:00',
      'hours 2026-11-27T15:00 2026-11-28T00:00',
      'days 2026-11-28T00:00 2026-12-01T00:00',
      'months 2026-12-01T00:00 …',
    ]);
  });

  it('splits a closed range at both ends, and within one hour reads the events alone', () => {
    expect(shown(timeSegments(at('2026-11-01T23:30:00Z'), at('2026-11-03T01:15:00Z')))).toEqual([
      'events 2026-11-01T23:30 2026-11-02T00:00',
      'days 2026-11-02T00:00 2026-11-03T00:00',
      'hours 2026-11-03T00:00 2026-11-03T01:00',
      'events 2026-11-03T01:00 2026-11-03T01:15',
    ]);
    expect(shown(timeSegments(at('2026-11-01T10:10:00Z'), at('2026-11-01T10:50:00Z')))).toEqual([
      'events 2026-11-01T10:10 2026-11-01T10:50',
    ]);
    expect(timeSegments(at('2026-11-02T00:00:00Z'), at('2026-11-01T00:00:00Z'))).toEqual([]);
  });

  it('never reads a grain coarser than the figure allows', () => {
    expect(shown(timeSegments(at('2026-11-01T00:00:00Z'), null, { coarsest: 'days' }))).toEqual([
      'days 2026-11-01T00:00 …',
    ]);
    expect(shown(timeSegments(at('2026-11-01T00:00:00Z'), null, { coarsest: 'hours' }))).toEqual([
      'hours 2026-11-01T00:00 …',
    ]);
  });

  it('reads the events for hours older than the kept ones', () => {
    const hoursSince = at('2026-10-01T00:00:00Z');
    expect(shown(timeSegments(at('2026-09-20T10:30:00Z'), null, { hoursSince }))).toEqual([
      'events 2026-09-20T10:30 2026-09-21T00:00',
      'days 2026-09-21T00:00 2026-10-01T00:00',
      'months 2026-10-01T00:00 …',
    ]);
    expect(shown(timeSegments(null, null, { coarsest: 'hours', hoursSince }))).toEqual([
      'events … 2026-10-01T00:00',
      'hours 2026-10-01T00:00 …',
    ]);
    expect(
      shown(timeSegments(at('2026-09-20T10:00:00Z'), at('2026-09-20T12:00:00Z'), { hoursSince })),
    ).toEqual(['events 2026-09-20T10:00 2026-09-20T12:00']);
  });

  it('reads the events for anything finer than days, for rollups that keep no hours', () => {
    expect(
      shown(timeSegments(at('2026-11-27T14:00:00Z'), null, { coarsest: 'days', finest: 'days' })),
    ).toEqual(['events 2026-11-27T14:00 2026-11-28T00:00', 'days 2026-11-28T00:00 …']);
  });
});
