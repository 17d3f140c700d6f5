import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const script = join(import.meta.dirname, 'web-bundle-report.mjs');

/** What every route of the report names, as a chunk of its own. */
const routeModules = [
  'src/first-paint/first-paint-landing.tsx',
  'src/app/app.tsx',
  'src/landing/app-landing-page.tsx',
  'src/callback/callback-page.tsx',
  'src/onboarding/onboarding-page.tsx',
  'src/profile/profile-screen.tsx',
  'src/screens/account-screens.tsx',
  'src/screens/embedded-audio-player.tsx',
  'src/dashboard/podcast-area.tsx',
  'src/overview/dashboard-overview-screen.tsx',
  'src/episodes/upload/upload-episode-screen.tsx',
  'src/episodes/list/all-episodes-screen.tsx',
  'src/episodes/editor/episode-editor-screen.tsx',
  'src/episodes/preview/episode-preview-screen.tsx',
  'src/videos/videos-screen.tsx',
  'src/podcasts/podcasts-screen.tsx',
  'src/settings/settings-screen.tsx',
];

/**
 * A built web app's dist: an entry importing a shared chunk of `sharedKb` incompressible kilobytes and a stylesheet,
 * the app's chunk (src/app/app.tsx) of `appKb` more, and one small chunk per route module. Returns the folder.
 */
async function fakeDist({ sharedKb, appKb = 0 }: { sharedKb: number; appKb?: number }): Promise<string> {
  const dist = await mkdtemp(join(tmpdir(), 'web-bundle-report-'));
  await mkdir(join(dist, 'assets'));
  await mkdir(join(dist, '.vite'));
  await writeFile(join(dist, 'assets/shared.js'), randomBytes(sharedKb * 1024));
  await writeFile(join(dist, 'assets/index.js'), 'import "./shared.js";');
  await writeFile(join(dist, 'assets/index.css'), 'body { margin: 0 }');
  const manifest: Record<string, object> = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_shared.js'],
      dynamicImports: routeModules,
      css: ['assets/index.css'],
    },
    '_shared.js': { file: 'assets/shared.js' },
  };
  for (const [index, key] of routeModules.entries()) {
    const file = `assets/route-${index}.js`;
    await writeFile(
      join(dist, file),
      key === 'src/app/app.tsx' ? randomBytes(appKb * 1024) : `export const route = ${index};`,
    );
    manifest[key] = { file, isDynamicEntry: true, imports: ['index.html'] };
  }
  await writeFile(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  return dist;
}

async function report(dist: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [script, dist]);
    return { code: 0, stdout, stderr };
  } catch (failure) {
    const { code, stdout, stderr } = failure as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

describe('the web bundle report', () => {
  it("prints every route's initial JS and CSS (gzip), and passes with the landing page under 150 KB", async () => {
    const { code, stdout } = await report(await fakeDist({ sharedKb: 100 }));
    expect(code).toBe(0);
    expect(stdout).toMatch(/^\/\s+10\d\.\d KB\s+0\.\d KB\s+150 KB$/m);
    expect(stdout).toMatch(/^\/p\/:podcastId\/videos\s+10\d\.\d KB/m);
  });

  it("counts the app's chunk for every route but the landing page", async () => {
    const { code, stdout } = await report(await fakeDist({ sharedKb: 50, appKb: 100 }));
    expect(code).toBe(0);
    expect(stdout).toMatch(/^\/\s+5\d\.\d KB/m);
    expect(stdout).toMatch(/^\/ \(signed in\)\s+15\d\.\d KB/m);
    expect(stdout).toMatch(/^\/p\/:podcastId\/dashboard\s+15\d\.\d KB/m);
  });

  it('passes with the sign-in return over its target but under its ceiling, saying so', async () => {
    const { code, stdout } = await report(await fakeDist({ sharedKb: 50, appKb: 150 }));
    expect(code).toBe(0);
    expect(stdout).toMatch(/^\/callback\s+20\d\.\d KB\s+0\.\d KB\s+150 \/ 252 KB {2}\(over target\)$/m);
  });

  it('fails the build, naming the route, when the landing page grows past 150 KB', async () => {
    const { code, stdout, stderr } = await report(await fakeDist({ sharedKb: 160 }));
    expect(code).toBe(1);
    expect(stdout).toMatch(/^\/\s+16\d\.\d KB.*OVER THE CEILING$/m);
    expect(stderr).toMatch(/\/ loads 16\d\.\d KB of JS \(ceiling 150 KB\)/);
  });

  it('fails the build when the sign-in return grows past its ceiling', async () => {
    const { code, stderr } = await report(await fakeDist({ sharedKb: 50, appKb: 210 }));
    expect(code).toBe(1);
    expect(stderr).toMatch(/\/callback loads 26\d\.\d KB of JS \(ceiling 252 KB\)/);
  });

  it('fails when the build wrote no manifest', async () => {
    const { code, stderr } = await report(await mkdtemp(join(tmpdir(), 'web-bundle-report-')));
    expect(code).toBe(1);
    expect(stderr).toContain('no manifest');
  });
});
