import { describe, expect, it } from '@jest/globals';

import { parseRangeHeader } from './http-range.js';

describe('parseRangeHeader', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100 }],
    ['bytes=-100', { start: 900 }],
    ['bytes=-5000', { start: 0 }],
    ['bytes=2000-', { start: 2000 }],
    [' bytes=1-2 ', { start: 1, end: 2 }],
  ])('reads %j against a 1000-byte object as %j', (header, range) => {
    expect(parseRangeHeader(header, 1000)).toEqual(range);
  });

  it.each([undefined, '', 'bytes=', 'bytes=-', 'bytes=5-1', 'bytes=0-1,5-6', 'items=0-1', 'bytes=a-b'])(
    'ignores %j so the whole object is served',
    (header) => {
      expect(parseRangeHeader(header, 1000)).toBeUndefined();
    },
  );

  it('turns a suffix range of an empty object, or of zero bytes, into an unsatisfiable start', () => {
    expect(parseRangeHeader('bytes=-10', 0)).toEqual({ start: 0 });
    expect(parseRangeHeader('bytes=-0', 1000)).toEqual({ start: 1000 });
  });
});
