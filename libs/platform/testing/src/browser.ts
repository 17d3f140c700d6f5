import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, rm, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/** Points the browser tests at another Chromium (e.g. Debian's /usr/bin/chromium) instead of the npm one. */
export const CHROMIUM_ENV = 'CASTBASE_CHROMIUM';

/** Flags for a headless Chromium on a closed network: no sandbox, GPU, background traffic or QUIC. */
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const requireFromHere = createRequire(import.meta.url);

/** The version of `@sparticuz/chromium` installed with the project: it names the unpacked folder. */
async function npmChromiumVersion(): Promise<string> {
  const manifest = join(dirname(requireFromHere.resolve('@sparticuz/chromium')), '..', 'package.json');
  return (JSON.parse(await readFile(manifest, 'utf8')) as { version: string }).version;
}

/**
 * Unpacks the brotli-packed Chromium of `@sparticuz/chromium` once per user and version, into a folder of its own
 * under the system's temporary folder. The package itself unpacks into the bare temporary folder (mode 0700, a
 * fixed name shared by every user and version, half-written if interrupted), so it unpacks into a private folder
 * that is renamed into place only when complete.
 */
async function unpackNpmChromium(): Promise<string> {
  const version = await npmChromiumVersion();
  const folder = join(tmpdir(), `castbase-chromium-${version}-${process.getuid?.() ?? 'user'}`);
  const executable = join(folder, 'chromium');
  if (existsSync(executable)) return executable;

  const partial = `${folder}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
  await mkdir(partial, { recursive: true });
  const { default: Chromium } = await import('@sparticuz/chromium');
  const systemTemp = process.env.TMPDIR;
  // The package unpacks into os.tmpdir(), which follows TMPDIR when it is read.
  process.env.TMPDIR = partial;
  try {
    await Chromium.executablePath();
  } finally {
    if (systemTemp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = systemTemp;
  }
  try {
    await rename(partial, folder);
  } catch (error) {
    // Another process finished first: its copy is as good as ours.
    await rm(partial, { recursive: true, force: true });
    if (!existsSync(executable)) throw error;
  }
  return executable;
}

/**
 * The Chromium the browser tests drive: the one named by CASTBASE_CHROMIUM, else the headless Chromium shipped in
 * the `@sparticuz/chromium` npm package, so that `npm install` brings the browser and every machine tests with one
 * known build.
 */
export async function chromiumExecutable(): Promise<string> {
  const chosen = process.env[CHROMIUM_ENV];
  if (chosen) {
    if (!existsSync(chosen)) throw new Error(`${CHROMIUM_ENV}=${chosen}: no such file`);
    return chosen;
  }
  return unpackNpmChromium();
}

/** A headless Chromium for the browser tests (see chromiumExecutable for which one). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: await chromiumExecutable(),
    headless: true,
    args: CHROMIUM_FLAGS,
  });
}
