import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Metadata, Sharp } from 'sharp';
import { ARTWORK_MAX_PX, ARTWORK_MIN_PX } from '@castbase/contracts';
import { ProcessingError } from './processing-error.js';
import { processingMessages } from './processing-messages.js';

/** An image processing wrote. */
export interface ImageOutput {
  path: string;
  width: number;
  height: number;
  format: 'jpeg' | 'png';
  mimeType: 'image/jpeg' | 'image/png';
  sizeBytes: number;
}

/** The spec's "quality 0.8", as JPEG quality (and PNG palette quality) 80. */
const QUALITY = 80;
export const PODCAST_ART_SIZES = [3000, 1400, 600, 300] as const;
export const AVATAR_SIZES = [400, 200] as const;
export const CHAPTER_IMAGE_MAX_PX = 1400;
/** Large images are brought inside this square (spec 1 §7). */
export const COMPRESSED_IMAGE_MAX_PX = 3000;

const RGB_SPACES = new Set(['srgb', 'rgb', 'rgb16', 'scrgb']);

/** Refuses artwork that is not JPEG or PNG (podcast directories take no other), whatever it is made into later. */
export async function checkArtworkFormat(path: string): Promise<'jpeg' | 'png'> {
  const { format } = await readMetadata(path);
  if (format !== 'jpeg' && format !== 'png') {
    throw new ProcessingError('ARTWORK_FORMAT_INVALID', processingMessages.artworkFormat(format), { format });
  }
  return format;
}

/** Whether an image meets podcast directories' artwork rules (Apple's): its figures, else a refusal. */
export async function checkPodcastArt(
  path: string,
): Promise<{ width: number; height: number; format: 'jpeg' | 'png' }> {
  const format = await checkArtworkFormat(path);
  const { space, autoOrient } = await readMetadata(path);
  const { width, height } = autoOrient;
  if (width !== height || width < ARTWORK_MIN_PX || width > ARTWORK_MAX_PX) {
    throw new ProcessingError('ARTWORK_SIZE_INVALID', processingMessages.artworkSize(width, height), {
      width,
      height,
    });
  }
  if (!RGB_SPACES.has(space)) {
    throw new ProcessingError(
      'ARTWORK_COLOUR_SPACE_INVALID',
      processingMessages.artworkColourSpace(describe(space)),
      {
        space,
      },
    );
  }
  return { width, height, format };
}

/**
 * Square variants of podcast or episode art, named `art-<side>.<ext>` in `outDir`, largest first. Never
 * upscaled: a size above the source's side is rendered at the source's side instead (once), so a 2000 px source
 * gives 2000, 1400, 600 and 300, and a 1400 px source 1400, 600 and 300. A source that is not square is cropped
 * to its centre.
 */
export async function renderVariants(
  path: string,
  outDir: string,
  sizes: readonly number[] = PODCAST_ART_SIZES,
): Promise<ImageOutput[]> {
  return renderSquares(path, outDir, 'art', sizes);
}

/** Square avatars (400 and 200 px, cropped to the centre), named `avatar-<side>.<ext>` in `outDir`. */
export async function resizeAvatar(
  path: string,
  outDir: string,
  sizes: readonly number[] = AVATAR_SIZES,
): Promise<ImageOutput[]> {
  return renderSquares(path, outDir, 'avatar', sizes);
}

/** A chapter image, inside 1400x1400 with its aspect kept, never upscaled. */
export async function resizeChapterImage(path: string, output: string): Promise<ImageOutput> {
  const metadata = await readMetadata(path);
  const keepPng = await hasTransparency(path, metadata);
  const resized = (await open(path)).resize(CHAPTER_IMAGE_MAX_PX, CHAPTER_IMAGE_MAX_PX, {
    fit: 'inside',
    withoutEnlargement: true,
  });
  return write(resized, output, keepPng ? 'png' : 'jpeg');
}

/**
 * An image over the upload limit brought inside 3000x3000 at quality 80 (spec 1 §7: 'large images will be
 * automatically compressed'). PNG stays PNG, quantised to a palette at quality 80 (lossless PNG of a photo can stay
 * above the limit); every other format becomes JPEG (the first frame of an animation). Callers apply it to images
 * over `IMAGE_COMPRESS_ABOVE_BYTES`.
 */
export async function compressLargeImage(path: string, output: string): Promise<ImageOutput> {
  const { format } = await readMetadata(path);
  const resized = (await open(path)).resize(COMPRESSED_IMAGE_MAX_PX, COMPRESSED_IMAGE_MAX_PX, {
    fit: 'inside',
    withoutEnlargement: true,
  });
  return write(resized, output, format === 'png' ? 'png' : 'jpeg', { palette: true });
}

/**
 * The output format podcast apps take best is JPEG: every app and directory reads it, and it is a fraction of a
 * PNG's size. A PNG is kept only when the source has transparency that JPEG would lose.
 */
async function renderSquares(
  path: string,
  outDir: string,
  prefix: string,
  sizes: readonly number[],
): Promise<ImageOutput[]> {
  const metadata = await readMetadata(path);
  const sourceSide = Math.min(metadata.autoOrient.width, metadata.autoOrient.height);
  const sides = [...new Set(sizes.map((size) => Math.min(size, sourceSide)))].sort((a, b) => b - a);
  const format = (await hasTransparency(path, metadata)) ? 'png' : 'jpeg';
  const outputs: ImageOutput[] = [];
  for (const side of sides) {
    const square = (await open(path)).resize(side, side, { fit: 'cover', position: 'centre' });
    outputs.push(
      await write(square, join(outDir, `${prefix}-${side}.${format === 'png' ? 'png' : 'jpg'}`), format),
    );
  }
  return outputs;
}

type SharpFactory = (typeof import('sharp'))['default'];
let sharpLoaded: Promise<SharpFactory> | undefined;

/** sharp (libvips) is loaded with the first image: a media process that only sees audio does without its memory. */
function loadSharp(): Promise<SharpFactory> {
  return (sharpLoaded ??= import('sharp').then((module) => module.default));
}

/** Reads an image with its EXIF orientation applied; output keeps no metadata and is converted to sRGB. */
async function open(path: string): Promise<Sharp> {
  return (await loadSharp())(path, { autoOrient: true });
}

async function readMetadata(path: string): Promise<Metadata> {
  const sharp = await loadSharp();
  try {
    return await sharp(path).metadata();
  } catch (error) {
    throw unreadable(error);
  }
}

/** Whether some pixel is not fully opaque (an alpha channel alone does not count). */
async function hasTransparency(path: string, metadata: Metadata): Promise<boolean> {
  if (!metadata.hasAlpha) return false;
  const sharp = await loadSharp();
  const stats = await sharp(path)
    .stats()
    .catch((error: unknown) => {
      throw unreadable(error);
    });
  return !stats.isOpaque;
}

/**
 * Encodes and writes; PNG is lossless unless `palette` asks for quantising at quality 80. The quantiser runs at
 * effort 4 of 10: on a 2000x2000 photo-like image it is five times faster than the default 7 for the same size.
 */
async function write(
  image: Sharp,
  output: string,
  format: 'jpeg' | 'png',
  { palette = false } = {},
): Promise<ImageOutput> {
  const encoded =
    format === 'jpeg'
      ? image.jpeg({ quality: QUALITY, mozjpeg: true })
      : image.png(palette ? { palette: true, quality: QUALITY, effort: 4 } : {});
  try {
    const info = await encoded.toFile(output);
    return {
      path: output,
      width: info.width,
      height: info.height,
      format,
      mimeType: format === 'jpeg' ? 'image/jpeg' : 'image/png',
      sizeBytes: (await stat(output)).size,
    };
  } catch (error) {
    throw isSystemError(error) ? error : unreadable(error);
  }
}

/** A file system failure (ENOSPC, EACCES) is the host's, not the image's. */
function isSystemError(error: unknown): boolean {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string';
}

function unreadable(cause: unknown): ProcessingError {
  return new ProcessingError('MEDIA_UNREADABLE', processingMessages.unreadable, undefined, { cause });
}

function describe(space: string): string {
  if (space === 'cmyk') return 'CMYK';
  if (space === 'b-w' || space === 'grey16') return 'greyscale';
  return space;
}
