// One-off scaffold used to lay down the workspace's packages; kept so new projects look the same.
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = process.cwd();
const projects = [
  ['libs/contracts', '@castbase/contracts', ['type:contracts', 'scope:shared']],
  ...[
    'config',
    'messaging',
    'persistence',
    'storage',
    'observability',
    'auth',
    'testing',
    'ffmpeg',
    'runtime',
  ].map((n) => [`libs/platform/${n}`, `@castbase/platform-${n}`, ['type:platform', 'scope:platform']]),
  ...['gateway', 'identity', 'catalog', 'media', 'feeds', 'analytics', 'monetization', 'social'].map((n) => [
    `libs/${n}`,
    `@castbase/${n}`,
    ['type:service', `scope:${n}`],
  ]),
  ...[
    'gateway',
    'identity',
    'catalog',
    'media',
    'feeds',
    'analytics',
    'monetization',
    'social',
    'all-in-one',
  ].map((n) => [`apps/${n}`, `@castbase/app-${n}`, ['type:app', `scope:${n}`]]),
];

for (const [dir, name, tags] of projects) {
  const abs = join(root, dir);
  mkdirSync(join(abs, 'src'), { recursive: true });
  const swcrc = relative(abs, join(root, '.swcrc'));
  const isApp = dir.startsWith('apps/');
  const pkg = {
    name,
    version: '0.1.0',
    private: true,
    type: 'module',
    ...(isApp
      ? {}
      : {
          exports: {
            '.': {
              '@castbase/source': './src/index.ts',
              types: './src/index.ts',
              default: './dist/index.js',
            },
          },
        }),
    scripts: { build: `swc src -d dist --strip-leading-paths --config-file ${swcrc} --quiet` },
    nx: { tags },
  };
  if (!existsSync(join(abs, 'package.json')))
    writeFileSync(join(abs, 'package.json'), JSON.stringify(pkg, null, 2) + '\n');
  const index = join(abs, 'src', isApp ? 'main.ts' : 'index.ts');
  if (!existsSync(index)) writeFileSync(index, 'export {};\n');
}
