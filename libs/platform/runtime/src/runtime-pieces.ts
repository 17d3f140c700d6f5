import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { ALL_EVENTS } from '@castbase/contracts';
import type { AppConfig } from '@castbase/platform-config';
import { InProcessBus, MessageBus, NatsBus } from '@castbase/platform-messaging';
import { startEmbeddedPostgres } from '@castbase/platform-persistence';
import type { StorageModuleOptions } from '@castbase/platform-storage';

export interface Piece<T> {
  value: T;
  /** What the start-up banner says, e.g. 'embedded PostgreSQL 18.4 (data in /srv/castbase/.data/postgres)'. */
  description: string;
  /** Anything else a person starting the process should know about this piece. */
  notes?: string[];
  stop(): Promise<void>;
}

/** PostgreSQL: DATABASE_URL, else an embedded one under EMBEDDED_PG_DIR (callers require DATABASE_URL where that is wrong). */
export async function provideDatabase(config: AppConfig): Promise<Piece<string>> {
  if (config.DATABASE_URL) {
    const url = new URL(config.DATABASE_URL);
    return {
      value: config.DATABASE_URL,
      description: `PostgreSQL at ${url.host}${url.pathname}`,
      stop: async () => undefined,
    };
  }
  const embedded = await startEmbeddedPostgres(config.EMBEDDED_PG_DIR, config.EMBEDDED_PG_PORT);
  return {
    value: embedded.url,
    description: `embedded PostgreSQL ${embedded.version} (data in ${embedded.dataDir}, port ${config.EMBEDDED_PG_PORT})`,
    notes: embedded.relocatedFrom
      ? [
          `Running as root, PostgreSQL runs as the 'postgres' account, which cannot enter the folders above ` +
            `${embedded.relocatedFrom}; its data is kept in ${embedded.dataDir} instead, across restarts.`,
        ]
      : [],
    stop: embedded.stop,
  };
}

/** The bus: NATS JetStream at NATS_URL, else the in-process bus (callers require NATS_URL where that is wrong). */
export async function provideBus(config: AppConfig, service: string): Promise<Piece<MessageBus>> {
  if (config.NATS_URL) {
    const bus = await NatsBus.connect({
      url: config.NATS_URL,
      namespace: config.BUS_NAMESPACE,
      events: ALL_EVENTS,
      name: service,
      requestTimeoutMs: config.BUS_REQUEST_TIMEOUT_MS,
    });
    return {
      value: bus,
      description: `NATS JetStream at ${new URL(config.NATS_URL).host} (namespace ${config.BUS_NAMESPACE})`,
      stop: () => bus.close(),
    };
  }
  const bus = new InProcessBus({ events: ALL_EVENTS, requestTimeoutMs: config.BUS_REQUEST_TIMEOUT_MS });
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

/** Storage settings from the environment: S3 when S3_BUCKET is set, else the filesystem under STORAGE_DIR. */
export function storageOptions(config: AppConfig): StorageModuleOptions {
  return {
    publicBaseUrl: config.PUBLIC_URL,
    filesystem: { root: config.STORAGE_DIR, signingSecret: config.STORAGE_SIGNING_SECRET },
    s3: {
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      publicBaseUrl: config.S3_PUBLIC_URL,
    },
  };
}
