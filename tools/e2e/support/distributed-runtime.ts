import type { ServiceName } from '@castbase/contracts';
import { freePort, requireTestEnv, uniqueName, type TestDatabase } from '@castbase/platform-testing';
import { startBuiltProcess, stopProcesses, waitUntilReady, type StartedProcess } from './processes.js';

export type ProcessName = 'gateway' | ServiceName;

export interface DistributedRuntime {
  /** Where the named process answers HTTP. */
  urlOf(name: ProcessName): string;
  stop(): Promise<void>;
}

/**
 * The Kubernetes shape on one machine: each named process (`apps/<name>/dist/main.js`, built by `npm test`) started
 * alone on a port of its own, on the test database, NATS in a bus namespace of their own and the storage `storage`
 * configures, with no embedded fallback. The gateway is the public URL (and passes resumable uploads on to the media
 * process). Resolves once every process answers /health/ready.
 */
export async function startDistributedRuntime(
  names: readonly ProcessName[],
  options: { database: TestDatabase; natsUrl: string; storage: Record<string, string> },
): Promise<DistributedRuntime> {
  const ports = new Map<ProcessName, number>();
  for (const name of names) ports.set(name, await freePort());
  const urlOf = (name: ProcessName) => {
    const port = ports.get(name);
    if (port === undefined) throw new Error(`${name} is not part of this runtime`);
    return `http://localhost:${port}`;
  };
  const shared = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: urlOf('gateway'),
    DATABASE_URL: options.database.url,
    MIGRATE_ON_START: 'false',
    NATS_URL: options.natsUrl,
    BUS_NAMESPACE: uniqueName('dist'),
    AUTH_DEV_SIGNING_KEY: requireTestEnv('devSigningKey'),
    // The counting takes requests 5 s old instead of 30 s: the tests wait for it (what the storage reports of a
    // download reaches the analytics process within a second).
    ANALYTICS_COUNT_SETTLE_MS: '5000',
    ...options.storage,
  };
  const processes: StartedProcess[] = names.map((name) =>
    startBuiltProcess(`apps/${name}/dist/main.js`, {
      ...shared,
      PORT: String(ports.get(name)),
      ...(name === 'gateway' && names.includes('media') ? { MEDIA_URL: urlOf('media') } : {}),
    }),
  );
  const runtime = { urlOf, stop: () => stopProcesses(processes) };
  try {
    await Promise.all(names.map((name, index) => waitUntilReady(urlOf(name), processes[index]!)));
  } catch (error) {
    await runtime.stop();
    throw error;
  }
  return runtime;
}
