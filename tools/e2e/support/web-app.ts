import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import type { RunningProcess } from '@castbase/platform-runtime';
import { createTestDatabase, freePort, launchBrowser, type TestDatabase } from '@castbase/platform-testing';
import { runAllInOne } from '../../../apps/all-in-one/src/all-in-one.js';
import { testProcessEnv } from './test-process-env.js';

/** The built web app; E2E_WEB_DIST points at another build (several people building at once in one tree). */
const webDist =
  process.env['E2E_WEB_DIST'] ?? fileURLToPath(new URL('../../../apps/web/dist/', import.meta.url));

export interface WebAppUnderTest {
  running: RunningProcess;
  browser: Browser;
  /** The process's own database, for tests that seed what no API writes (analytics history). */
  database: TestDatabase;
  stop(): Promise<void>;
}

/** The built web app served by a fresh all-in-one process (its own database), and a headless Chromium. */
export async function startWebAppUnderTest(
  databaseName: string,
  extraEnv: Record<string, string> = {},
  port?: number,
): Promise<WebAppUnderTest> {
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(`No built web app in ${webDist}: run \`npm run build\` first`);
  }
  const database: TestDatabase = await createTestDatabase(databaseName);
  // The process and the browser start side by side: neither needs the other until a test opens a page.
  const [serving, launched] = await Promise.allSettled([
    testProcessEnv(database, port ?? (await freePort()), 'in-process', {
      WEB_DIST_DIR: webDist,
      ...extraEnv,
    }).then((env) => runAllInOne(env)),
    launchBrowser(),
  ]);
  if (serving.status === 'rejected' || launched.status === 'rejected') {
    if (launched.status === 'fulfilled') await launched.value.close();
    if (serving.status === 'fulfilled') await serving.value.stop();
    await database.drop();
    throw serving.status === 'rejected' ? serving.reason : (launched as PromiseRejectedResult).reason;
  }
  const started: RunningProcess = serving.value;
  const browser: Browser = launched.value;
  return {
    running: started,
    browser,
    database,
    stop: async () => {
      await browser.close();
      await started.stop();
      await database.drop();
    },
  };
}
