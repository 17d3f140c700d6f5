import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

/** A temporary folder for one test file's fixtures and outputs; `remove()` in `afterAll`. */
export async function fixtureFolder(name: string): Promise<{
  path(file: string): string;
  /** A new folder inside, for steps that write several files. */
  subfolder(name: string): Promise<string>;
  remove(): Promise<void>;
}> {
  const folder = await mkdtemp(join(tmpdir(), `castbase-${name}-`));
  return {
    path: (file) => join(folder, file),
    subfolder: async (subfolderName) => {
      const path = join(folder, subfolderName);
      await mkdir(path);
      return path;
    },
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}

export interface TestImageOptions {
  width: number;
  height: number;
  format: 'jpeg' | 'png' | 'webp' | 'gif';
  /** 'cmyk' and 'b-w' (greyscale) for refusals; sRGB by default. */
  colourSpace?: 'srgb' | 'cmyk' | 'b-w';
  /** Half-transparent pixels (PNG and WebP). */
  transparent?: boolean;
  /** Random pixels, which compress badly: for files of a realistic size. */
  noise?: boolean;
}

/** Writes an image made by sharp: a flat colour, or noise. */
export async function renderTestImage(path: string, options: TestImageOptions): Promise<void> {
  const { width, height } = options;
  const channels = options.transparent ? 4 : 3;
  let image = sharp({
    create: {
      width,
      height,
      channels,
      background: { r: 30, g: 110, b: 200, alpha: options.transparent ? 0.5 : 1 },
      ...(options.noise ? { noise: { type: 'gaussian' as const, mean: 128, sigma: 60 } } : {}),
    },
  });
  if (options.colourSpace && options.colourSpace !== 'srgb') image = image.toColourspace(options.colourSpace);
  await image.toFormat(options.format).toFile(path);
}
