import { describe, expect, it } from '@jest/globals';
import { readDownloadRange } from './download-range.js';

describe('readDownloadRange', () => {
  it('counts a request without Range as a download', () => {
    expect(readDownloadRange(undefined)).toEqual({ counts: true, rangeStart: null });
  });

  it('counts a Range request from byte 0, including the two-byte probe some players send', () => {
    expect(readDownloadRange('bytes=0-')).toEqual({ counts: true, rangeStart: 0 });
    expect(readDownloadRange('bytes=0-1')).toEqual({ counts: true, rangeStart: 0 });
  });

  it('does not count a Range request that resumes or seeks past byte 0', () => {
    expect(readDownloadRange('bytes=1048576-')).toEqual({ counts: false, rangeStart: 1_048_576 });
  });

  it('does not count a request for the last bytes only', () => {
    expect(readDownloadRange('bytes=-128')).toEqual({ counts: false, rangeStart: null });
  });

  it('counts a malformed Range, which servers answer with the whole file', () => {
    expect(readDownloadRange('pages=1-2')).toEqual({ counts: true, rangeStart: null });
  });
});
