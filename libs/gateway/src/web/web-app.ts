import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** Paths the single-page app must never answer (so an unknown API path is a JSON 404, not index.html). */
export const NON_SPA_PATHS = [
  '/api/{*path}',
  '/feeds/{*path}',
  '/e/{*path}',
  '/storage/{*path}',
  '/oidc/{*path}',
  '/health/{*path}',
  '/metrics',
];

/** The built web app: WEB_DIST_DIR, else apps/web/dist beside the running code. */
export function resolveWebDist(configured: string | undefined): string | undefined {
  const candidates = configured
    ? [configured]
    : [resolve(process.cwd(), 'apps/web/dist'), resolve(import.meta.dirname, '../../../../apps/web/dist')];
  return candidates.map((dir) => resolve(dir)).find((dir) => existsSync(resolve(dir, 'index.html')));
}
