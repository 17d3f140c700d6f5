import { stat, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import {
  checkPodcastArt,
  compressLargeImage,
  renderVariants,
  resizeAvatar,
  resizeChapterImage,
  type ImageOutput,
} from './process-image.js';
import { fixtureFolder, renderTestImage, type TestImageOptions } from './testing/processing-fixtures.js';

let fixtures: Awaited<ReturnType<typeof fixtureFolder>>;

beforeAll(async () => {
  fixtures = await fixtureFolder('images');
});
afterAll(async () => {
  await fixtures.remove();
});

async function image(name: string, options: TestImageOptions): Promise<string> {
  const path = fixtures.path(name);
  await renderTestImage(path, options);
  return path;
}

/** What is really in the written file, read back with sharp. */
async function written(output: ImageOutput) {
  const { width, height, format } = await sharp(output.path).metadata();
  return { width, height, format, sizeBytes: (await stat(output.path)).size };
}

describe('checkPodcastArt', () => {
  it('accepts square RGB JPEG and PNG from 1400x1400 to 3000x3000', async () => {
    const smallest = await image('art-1400.jpg', { width: 1400, height: 1400, format: 'jpeg' });
    const largest = await image('art-3000.png', { width: 3000, height: 3000, format: 'png' });
    expect(await checkPodcastArt(smallest)).toEqual({ width: 1400, height: 1400, format: 'jpeg' });
    expect(await checkPodcastArt(largest)).toEqual({ width: 3000, height: 3000, format: 'png' });
  });

  it.each([
    [1200, 900],
    [1000, 1000],
    [3500, 3500],
  ])('refuses %ix%i, naming its size', async (width, height) => {
    const path = await image(`art-${width}x${height}.jpg`, { width, height, format: 'jpeg' });
    await expect(checkPodcastArt(path)).rejects.toMatchObject({
      code: 'ARTWORK_SIZE_INVALID',
      message: `Podcast artwork must be square, between 1400x1400 and 3000x3000 pixels; this image is ${width}x${height}`,
    });
  });

  it('refuses CMYK and greyscale artwork', async () => {
    const cmyk = await image('cmyk.jpg', { width: 1400, height: 1400, format: 'jpeg', colourSpace: 'cmyk' });
    const grey = await image('grey.png', { width: 1400, height: 1400, format: 'png', colourSpace: 'b-w' });
    await expect(checkPodcastArt(cmyk)).rejects.toMatchObject({
      code: 'ARTWORK_COLOUR_SPACE_INVALID',
      message: 'Podcast artwork must be in RGB colour; this image is CMYK',
    });
    await expect(checkPodcastArt(grey)).rejects.toMatchObject({
      code: 'ARTWORK_COLOUR_SPACE_INVALID',
      message: 'Podcast artwork must be in RGB colour; this image is greyscale',
    });
  });

  it('refuses WebP and GIF artwork, and a file that is not an image', async () => {
    const webp = await image('art.webp', { width: 1400, height: 1400, format: 'webp' });
    const gif = await image('art.gif', { width: 1400, height: 1400, format: 'gif' });
    const text = fixtures.path('art.png');
    await writeFile(text, 'not an image');
    await expect(checkPodcastArt(webp)).rejects.toMatchObject({
      code: 'ARTWORK_FORMAT_INVALID',
      message: 'Podcast artwork must be a JPEG or PNG image; this image is WEBP',
    });
    await expect(checkPodcastArt(gif)).rejects.toMatchObject({ code: 'ARTWORK_FORMAT_INVALID' });
    await expect(checkPodcastArt(text)).rejects.toMatchObject({ code: 'MEDIA_UNREADABLE' });
  });
});

describe('renderVariants', () => {
  it('renders 3000, 1400, 600 and 300 px JPEGs from a 3000 px source', async () => {
    const source = await image('source-3000.png', { width: 3000, height: 3000, format: 'png' });
    const variants = await renderVariants(source, await fixtures.subfolder('from-3000'));
    expect(await Promise.all(variants.map(written))).toEqual(
      [3000, 1400, 600, 300].map((side, index) =>
        expect.objectContaining({
          width: side,
          height: side,
          format: 'jpeg',
          sizeBytes: variants[index]!.sizeBytes,
        }),
      ),
    );
    expect(variants.map((variant) => variant.path.split('/').at(-1))).toEqual([
      'art-3000.jpg',
      'art-1400.jpg',
      'art-600.jpg',
      'art-300.jpg',
    ]);
  });

  it('never upscales: a 1400 px source gives 1400, 600 and 300; a 2000 px source 2000, 1400, 600 and 300', async () => {
    const small = await image('source-1400.jpg', { width: 1400, height: 1400, format: 'jpeg' });
    const middle = await image('source-2000.jpg', { width: 2000, height: 2000, format: 'jpeg' });
    const fromSmall = await renderVariants(small, await fixtures.subfolder('from-1400'));
    const fromMiddle = await renderVariants(middle, await fixtures.subfolder('from-2000'));
    expect(fromSmall.map((variant) => variant.width)).toEqual([1400, 600, 300]);
    expect(fromMiddle.map((variant) => variant.width)).toEqual([2000, 1400, 600, 300]);
  });

  it('keeps PNG when the source has transparency, JPEG when its alpha channel is opaque', async () => {
    const transparent = await image('transparent.png', {
      width: 1400,
      height: 1400,
      format: 'png',
      transparent: true,
    });
    const opaque = fixtures.path('opaque-alpha.png');
    await sharp({ create: { width: 1400, height: 1400, channels: 4, background: '#1e6ec8ff' } })
      .png()
      .toFile(opaque);
    const variants = await renderVariants(transparent, await fixtures.subfolder('transparent'), [600]);
    const opaqueVariants = await renderVariants(opaque, await fixtures.subfolder('opaque'), [600]);
    expect(variants).toEqual([expect.objectContaining({ width: 600, format: 'png', mimeType: 'image/png' })]);
    expect((await sharp(variants[0]!.path).metadata()).hasAlpha).toBe(true);
    expect(opaqueVariants).toEqual([
      expect.objectContaining({ width: 600, format: 'jpeg', mimeType: 'image/jpeg' }),
    ]);
  });
});

describe('resizeAvatar, resizeChapterImage and compressLargeImage', () => {
  it('crops an avatar to 400 and 200 px squares', async () => {
    const photo = await image('photo.jpg', { width: 1000, height: 800, format: 'jpeg' });
    const avatars = await resizeAvatar(photo, await fixtures.subfolder('avatars'));
    expect(await Promise.all(avatars.map(written))).toEqual([
      expect.objectContaining({ width: 400, height: 400, format: 'jpeg' }),
      expect.objectContaining({ width: 200, height: 200, format: 'jpeg' }),
    ]);
  });

  it('fits a chapter image inside 1400 px, keeping its aspect and never upscaling', async () => {
    const wide = await image('wide.png', { width: 2800, height: 1400, format: 'png' });
    const small = await image('small.webp', { width: 800, height: 600, format: 'webp' });
    const fromWide = await resizeChapterImage(wide, fixtures.path('chapter-wide.img'));
    const fromSmall = await resizeChapterImage(small, fixtures.path('chapter-small.img'));
    expect(await written(fromWide)).toMatchObject({ width: 1400, height: 700, format: 'jpeg' });
    expect(await written(fromSmall)).toMatchObject({ width: 800, height: 600, format: 'jpeg' });
  });

  it('compresses a large JPEG to fit inside 3000x3000', async () => {
    const large = await image('large.jpg', { width: 4000, height: 3000, format: 'jpeg' });
    const compressed = await compressLargeImage(large, fixtures.path('compressed.jpg'));
    expect(await written(compressed)).toMatchObject({ width: 3000, height: 2250, format: 'jpeg' });
  });

  it('brings a PNG over 10 MB under 10 MB as a PNG, and turns a WebP into a JPEG', async () => {
    const noisy = await image('noisy.png', { width: 2000, height: 2000, format: 'png', noise: true });
    const webp = await image('large.webp', { width: 3200, height: 1600, format: 'webp' });
    expect((await stat(noisy)).size).toBeGreaterThan(10 * 1024 * 1024);
    const fromPng = await compressLargeImage(noisy, fixtures.path('noisy-compressed.png'));
    const fromWebp = await compressLargeImage(webp, fixtures.path('webp-compressed.jpg'));
    expect(await written(fromPng)).toMatchObject({ width: 2000, height: 2000, format: 'png' });
    expect(fromPng.sizeBytes).toBeLessThan(10 * 1024 * 1024);
    expect(await written(fromWebp)).toMatchObject({ width: 3000, height: 1500, format: 'jpeg' });
  });
});
