// Prints what each route of the web app downloads before it shows (its initial JS and CSS, gzip), from the build's
// manifest, and fails when the landing page or the sign-in return grows past its ceiling. The web build runs it
// after `vite build`; run it alone with `node tools/scripts/web-bundle-report.mjs [dist folder]`.
//
// Issue 9 sets the landing page a target of 150 KB of gzip JS, and the build holds it there. The sign-in return
// (`/callback`) is the app itself: its ceiling is what it loads today, so it cannot grow (docs/web.md, "Bundle size").
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const KB = 1024;

/** The app (`main.tsx` loads it for every page but a first visit to '/'): its providers and its route table. */
const APP = 'src/app/app.tsx';

/**
 * Every route and the modules it loads (manifest keys: source paths relative to apps/web). The entry (index.html)
 * is part of every route; a first visit to '/' loads the landing page without the app. A module that is not a
 * chunk of its own is inside another (the route is then marked: it does not load by itself); a module whose file
 * does not exist fails the report: the table is stale.
 */
const routes = [
  { route: '/', modules: ['src/first-paint/first-paint-landing.tsx'], ceilingKb: 150 },
  { route: '/ (signed in)', modules: [APP, 'src/landing/app-landing-page.tsx'] },
  { route: '/callback', modules: [APP, 'src/callback/callback-page.tsx'], targetKb: 150, ceilingKb: 252 },
  { route: '/onboarding', modules: [APP, 'src/onboarding/onboarding-page.tsx'] },
  { route: '/profile', modules: [APP, 'src/profile/profile-screen.tsx'] },
  { route: '/blank-dashboard', modules: [APP, 'src/screens/account-screens.tsx'] },
  { route: '/social', modules: [APP, 'src/screens/account-screens.tsx'] },
  { route: '/embed/audio', modules: [APP, 'src/screens/embedded-audio-player.tsx'] },
  { route: '/episode/:episodeId', modules: [APP, 'src/public/public-episode-page.tsx'] },
  { route: '/podcast/:name', modules: [APP, 'src/public/public-podcast-page.tsx'] },
  ...[
    ['dashboard', 'src/overview/dashboard-overview-screen.tsx'],
    ['upload', 'src/episodes/upload/upload-episode-screen.tsx'],
    ['episodes', 'src/episodes/list/all-episodes-screen.tsx'],
    ['episodes/:episodeId/edit', 'src/episodes/editor/episode-editor-screen.tsx'],
    ['episodes/:episodeId/preview', 'src/episodes/preview/episode-preview-screen.tsx'],
    ['videos', 'src/videos/videos-screen.tsx'],
    ['podcasts', 'src/podcasts/podcasts-screen.tsx'],
    ['settings', 'src/settings/settings-screen.tsx'],
  ].map(([segment, screen]) => ({
    route: `/p/:podcastId/${segment}`,
    modules: [APP, 'src/dashboard/podcast-area.tsx', screen],
  })),
];

const webRoot = join(import.meta.dirname, '../../apps/web');
const dist = resolve(process.argv[2] ?? join(webRoot, 'dist'));
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(
    `web bundle report: no manifest at ${manifestPath} (build.manifest must be on in vite.config.ts)`,
  );
  process.exit(1);
}
/** @type {Record<string, {file: string, imports?: string[], dynamicImports?: string[], css?: string[], isEntry?: boolean, isDynamicEntry?: boolean}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const gzipSizes = new Map();
function gzipSize(file) {
  if (!gzipSizes.has(file)) gzipSizes.set(file, gzipSync(readFileSync(join(dist, file))).length);
  return gzipSizes.get(file);
}

/** The chunks a module's chunk needs before it runs: itself and its static imports, transitively. */
function staticClosure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(
        `"${key}" is not in the build's manifest: update the route table in ${import.meta.filename}`,
      );
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

/** Gzip bytes of the JS and CSS of those chunks, leaving out the chunks already downloaded (`loaded`). */
function measure(keys, loaded = new Set()) {
  const chunks = [...staticClosure(keys.filter((key) => manifest[key]))]
    .filter((key) => !loaded.has(key))
    .map((key) => manifest[key]);
  const js = new Set(chunks.map((chunk) => chunk.file).filter((file) => file.endsWith('.js')));
  const css = new Set(chunks.flatMap((chunk) => chunk.css ?? []));
  const sum = (files) => [...files].reduce((total, file) => total + gzipSize(file), 0);
  return { js: sum(js), css: sum(css) };
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('The manifest names no entry chunk');

const format = (bytes) => `${(bytes / KB).toFixed(1)} KB`.padStart(9);
for (const key of routes.flatMap(({ modules }) => modules)) {
  if (!existsSync(join(webRoot, key))) {
    console.error(
      `web bundle report: ${key} does not exist; update the route table in ${import.meta.filename}`,
    );
    process.exit(1);
  }
}
const rows = routes.map(({ route, modules, targetKb, ceilingKb }) => ({
  route,
  targetKb,
  ceilingKb,
  bundled: modules.some((key) => !manifest[key]),
  ...measure([entryKey, ...modules]),
}));

const onRoutes = new Set(routes.flatMap(({ modules }) => modules));
// A piece loaded on use costs what its importer has not already loaded (the least, when several import it).
const onUse = Object.keys(manifest)
  .filter((key) => manifest[key].isDynamicEntry && !onRoutes.has(key))
  .map((key) => {
    const importers = Object.keys(manifest).filter((other) => manifest[other].dynamicImports?.includes(key));
    const costs = importers.map((importer) => measure([key], staticClosure([entryKey, importer])));
    return { key, ...costs.reduce((least, cost) => (cost.js < least.js ? cost : least)) };
  });

const width = Math.max(...rows.map((row) => row.route.length + 2), 28);
console.log(`\nInitial download of each route (gzip), from ${manifestPath}`);
console.log(`${'route'.padEnd(width)}  ${'JS'.padStart(9)}  ${'CSS'.padStart(9)}  JS target / ceiling`);
const overBudget = [];
for (const row of rows) {
  const budget =
    row.ceilingKb === undefined
      ? ''
      : row.targetKb === undefined
        ? `${row.ceilingKb} KB`
        : `${row.targetKb} / ${row.ceilingKb} KB`;
  const over = row.ceilingKb !== undefined && row.js > row.ceilingKb * KB;
  const offTarget = row.targetKb !== undefined && row.js > row.targetKb * KB;
  if (over) overBudget.push(row);
  console.log(
    `${(row.bundled ? `${row.route} *` : row.route).padEnd(width)}  ${format(row.js)}  ${format(row.css)}  ${budget}${over ? '  OVER THE CEILING' : offTarget ? '  (over target)' : ''}`,
  );
}
if (rows.some((row) => row.bundled))
  console.log('* part of the route is bundled with another chunk, not loaded with it');
if (onUse.length > 0) {
  console.log(`\nLoaded when used (gzip, beyond what the screen that uses it has loaded)`);
  for (const piece of onUse) {
    console.log(`${piece.key.padEnd(width)}  ${format(piece.js)}  ${format(piece.css)}`);
  }
}
if (overBudget.length > 0) {
  console.error(
    `\nweb bundle report: ${overBudget.map((row) => `${row.route} loads ${format(row.js).trim()} of JS (ceiling ${row.ceilingKb} KB)`).join('; ')}`,
  );
  process.exit(1);
}
console.log('');
