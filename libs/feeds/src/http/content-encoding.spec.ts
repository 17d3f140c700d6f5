import { describe, expect, it } from '@jest/globals';
import { negotiateEncoding } from './content-encoding.js';

describe('negotiateEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br ; q=0.9, gzip;q=0.8', 'br'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['x-unknown;q=abc, gzip', 'gzip'],
  ])('answers %p with %p', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});
