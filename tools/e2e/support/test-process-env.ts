import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { natsUrlForTests, requireTestEnv, uniqueName, type TestDatabase } from '@castbase/platform-testing';

export type BusKind = 'in-process' | 'nats';

/** The environment of an all-in-one process under test: a fresh database, its own storage folder and bus namespace. */
export async function testProcessEnv(
  database: TestDatabase,
  port: number,
  bus: BusKind,
  extra: Record<string, string> = {},
): Promise<NodeJS.ProcessEnv> {
  const dataDir = await mkdtemp(join(tmpdir(), 'castbase-e2e-'));
  const natsUrl = natsUrlForTests();
  if (bus === 'nats' && !natsUrl) throw new Error('NATS is not available');
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DATABASE_URL: database.url,
    STORAGE_DIR: join(dataDir, 'storage'),
    EMBEDDED_PG_DIR: join(dataDir, 'postgres'),
    AUTH_DEV_SIGNING_KEY: requireTestEnv('devSigningKey'),
    ...(bus === 'nats' ? { NATS_URL: natsUrl, BUS_NAMESPACE: uniqueName('e2e') } : {}),
    ...extra,
  };
}
