import { describe, expect, it } from '@jest/globals';
import type { ObjectStorage } from '@castbase/platform-storage';
import { ChapterImages } from './chapter-images.js';

/** Filesystem storage's public URLs: `{PUBLIC_URL}/storage/{key}`. */
const storage = {
  publicUrl: (key: string) => `https://castbase.example/storage/${key}`,
} as unknown as ObjectStorage;
const images = new ChapterImages(storage);

describe('ChapterImages.keyOf: only URLs of our own media storage name a key', () => {
  it("takes the key of a media file's public URL, without its query", () => {
    expect(images.keyOf('https://castbase.example/storage/public/media/ada/u1/variant-1400.jpg')).toBe(
      'public/media/ada/u1/variant-1400.jpg',
    );
    expect(images.keyOf('https://castbase.example/storage/public/media/ada/u1/a%20b.jpg?x=1')).toBe(
      'public/media/ada/u1/a b.jpg',
    );
  });

  it('refuses other sites, other folders, internal addresses and paths that climb out', () => {
    for (const url of [
      'https://elsewhere.example/storage/public/media/ada/u1/x.jpg',
      'https://castbase.example/storage/private/x.jpg',
      'https://castbase.example.evil.example/storage/public/media/x.jpg',
      'http://169.254.169.254/latest/meta-data',
      'http://127.0.0.1/storage/public/media/ada/u1/x.jpg',
      'https://castbase.example/storage/public/media/ada/../../../secret.jpg',
      'https://castbase.example/storage/public/media/ada/%2e%2e/x.jpg',
      'https://castbase.example/storage/public/media/ada//x.jpg',
      'https://castbase.example/storage/public/media/%E0%A4%A',
    ]) {
      expect({ url, key: images.keyOf(url) }).toEqual({ url, key: null });
    }
  });
});
