import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { AppConfig } from '@castbase/platform-config';
import { InProcessBus, MessageBus, NatsBus } from '@castbase/platform-messaging';
import { startEmbeddedPostgres } from '@castbase/platform-persistence';

export interface Piece<T> {
  value: T;
  /** What the start-up banner says, e.g. 'embedded PostgreSQL (./.data/postgres)'. */
  description: string;
  stop(): Promise<void>;
}

/** PostgreSQL: DATABASE_URL, or (when allowed) an embedded one under EMBEDDED_PG_DIR. */
export async function provideDatabase(config: AppConfig, allowEmbedded: boolean): Promise<Piece<string>> {
  if (config.DATABASE_URL) {
    const url = new URL(config.DATABASE_URL);
    return { value: config.DATABASE_URL, description: `PostgreSQL at ${url.host}${url.pathname}`, stop: async () => undefined };
  }
  if (!allowEmbedded) throw new Error('DATABASE_URL is missing (a PostgreSQL connection URL; required outside the all-in-one process)');
  const embedded = await startEmbeddedPostgres(config.EMBEDDED_PG_DIR, config.EMBEDDED_PG_PORT);
  return { value: embedded.url, description: `embedded PostgreSQL (${resolve(config.EMBEDDED_PG_DIR)}, port ${config.EMBEDDED_PG_PORT})`, stop: embedded.stop };
}

/** The bus: NATS JetStream at NATS_URL, or (when allowed) the in-process bus. */
export async function provideBus(config: AppConfig, allowInProcess: boolean): Promise<Piece<MessageBus>> {
  if (config.NATS_URL) {
    const bus = await NatsBus.connect({ servers: config.NATS_URL, namespace: config.BUS_NAMESPACE, requestTimeoutMs: config.BUS_REQUEST_TIMEOUT_MS });
    return { value: bus, description: `NATS JetStream at ${new URL(config.NATS_URL).host} (namespace ${config.BUS_NAMESPACE})`, stop: () => bus.close() };
  }
  if (!allowInProcess) throw new Error('NATS_URL is missing (a NATS server with JetStream; required outside the all-in-one process)');
  const bus = new InProcessBus({ requestTimeoutMs: config.BUS_REQUEST_TIMEOUT_MS });
  return { value: bus, description: 'in-process bus', stop: () => bus.close() };
}

/**
 * A secret kept in a file under the data folder, created on first use, so that an embedded install keeps
 * working across restarts without the operator inventing one.
 */
export async function persistentSecret(file: string): Promise<string> {
  const path = resolve(file);
  if (existsSync(path)) return (await readFile(path, 'utf8')).trim();
  const secret = randomBytes(32).toString('hex');
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, secret + '\n', { mode: 0o600 });
  return secret;
}
