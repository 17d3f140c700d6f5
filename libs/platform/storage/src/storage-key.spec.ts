import { describe, expect, it } from '@jest/globals';

import { StorageKeyError } from './storage-errors.js';
import { assertListPrefix, assertStorageKey, encodeKeyForUrl, toFolderPrefix } from './storage-key.js';

describe('storage keys', () => {
  it('accepts relative keys of non-empty, non-dot segments', () => {
    for (const key of ['a', 'podcasts/1/cover.jpg', '.hidden', 'a/..b', 'é/ü space/…']) {
      expect(() => assertStorageKey(key)).not.toThrow();
    }
  });

  it('rejects keys that are not strings or are longer than 1024 bytes', () => {
    expect(() => assertStorageKey(42)).toThrow('Invalid storage key 42: it must be a string');
    expect(() => assertStorageKey('é'.repeat(513))).toThrow('it is longer than 1024 bytes');
  });

  it('carries the VALIDATION_FAILED code and the reason', () => {
    try {
      assertStorageKey('a\\b');
      throw new Error('expected a StorageKeyError');
    } catch (error) {
      expect(error).toBeInstanceOf(StorageKeyError);
      expect(error).toMatchObject({
        code: 'VALIDATION_FAILED',
        status: 400,
        reason: 'backslashes are not allowed',
      });
    }
  });

  it('accepts list prefixes that are empty, end in "/" or stop inside a segment', () => {
    for (const prefix of ['', 'podcasts/', 'podcasts/1', 'podcasts/1/ep']) {
      expect(() => assertListPrefix(prefix)).not.toThrow();
    }
    for (const prefix of ['/', '../', 'a//', 'a/../'])
      expect(() => assertListPrefix(prefix)).toThrow(StorageKeyError);
  });

  it('turns a scope into a folder ending in exactly one "/"', () => {
    expect(toFolderPrefix('podcasts/1')).toBe('podcasts/1/');
    expect(toFolderPrefix('podcasts/1/')).toBe('podcasts/1/');
    expect(() => toFolderPrefix('')).toThrow(StorageKeyError);
    expect(() => toFolderPrefix('/')).toThrow(StorageKeyError);
    expect(() => toFolderPrefix('podcasts//')).toThrow(StorageKeyError);
  });

  it('encodes each segment for a URL and keeps the slashes', () => {
    expect(encodeKeyForUrl('public/a b/#1?.mp3')).toBe('public/a%20b/%231%3F.mp3');
  });
});
