import { describe, expect, it } from '@jest/globals';
import { toSafeSegment, toStorageFileName } from './storage-file-name.js';

describe('toStorageFileName', () => {
  it('keeps a plain file name as it is', () => {
    expect(toStorageFileName('episode-01_final.mp3')).toBe('episode-01_final.mp3');
  });

  it('folds accents and replaces spaces and punctuation with hyphens', () => {
    expect(toStorageFileName('Épisode n°1 (final) !.MP3')).toBe('Episode-n-1-final.mp3');
  });

  it('drops any folder path a browser or client sent', () => {
    expect(toStorageFileName('C:\\Users\\me\\show.wav')).toBe('show.wav');
    expect(toStorageFileName('../../etc/passwd')).toBe('passwd');
  });

  it('never starts with a dot, so no hidden files and no ".." segments', () => {
    expect(toStorageFileName('.htaccess')).toBe('htaccess');
    expect(toStorageFileName('...')).toBe('media');
  });

  it('names a file with nothing usable left "media", keeping its extension', () => {
    expect(toStorageFileName('日本語.m4a')).toBe('media.m4a');
  });

  it('shortens long names to 100 characters and keeps the extension', () => {
    const name = toStorageFileName(`${'a'.repeat(300)}.flac`);
    expect(name).toHaveLength(100);
    expect(name.endsWith('.flac')).toBe(true);
  });
});

describe('toSafeSegment', () => {
  it('turns an identity-provider subject into one key segment', () => {
    expect(toSafeSegment('auth0|64f1c2')).toBe('auth0-64f1c2');
    expect(toSafeSegment('a/b/../c')).toBe('a-b-c');
  });
});
