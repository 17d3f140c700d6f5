import { createHash, randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chown, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { StartupError } from '@castbase/platform-config';
import type { PostgresBinaries } from './postgres-binaries.js';
import { userMay, type PostgresUser } from './postgres-user.js';

/** Where the cluster's data lives, and why it is not where it was asked for, if it is not. */
export interface DataFolder {
  path: string;
  /** Set when the data is kept elsewhere because the PostgreSQL user cannot reach the requested folder. */
  relocatedFrom?: string;
}

const isCluster = (path: string) => existsSync(join(path, 'PG_VERSION'));

/**
 * Chooses the data folder. As a normal user, the requested one. As root, PostgreSQL runs as `user`, who must be
 * able to reach it: when the folder above the requested one is closed to that user (a clone under /root or in a
 * 0700 temporary folder), the data goes to a folder of its own under `relocationRoot`, named after the requested
 * path, and stays there on later starts. Permissions of the person's own folders are never changed.
 */
export async function chooseDataFolder(
  requested: string,
  user: PostgresUser | undefined,
  relocationRoot: string,
): Promise<DataFolder> {
  if (!user || isCluster(requested)) return { path: requested };
  const relocated = join(
    relocationRoot,
    `data-${createHash('sha256').update(requested).digest('hex').slice(0, 16)}`,
  );
  const relocatedCluster = join(relocated, 'postgres');
  await mkdir(dirname(requested), { recursive: true });
  if (!isCluster(relocatedCluster) && userMay(user, 'x', dirname(requested))) return { path: requested };
  await mkdir(relocated, { recursive: true, mode: 0o755 });
  await writeFile(
    join(relocated, 'belongs-to.txt'),
    `Embedded PostgreSQL data of Castbase for ${requested}\n`,
  );
  return { path: relocatedCluster, relocatedFrom: requested };
}

/** Refuses a data folder made by another major version of PostgreSQL, or a folder that is not a cluster at all. */
export async function checkDataFolder(folder: string, binaries: PostgresBinaries): Promise<void> {
  if (isCluster(folder)) {
    const made = readFileSync(join(folder, 'PG_VERSION'), 'utf8').trim();
    if (made !== binaries.major) {
      throw new StartupError(
        `The embedded PostgreSQL data in ${folder} was made by PostgreSQL ${made}, and this Castbase runs ` +
          `PostgreSQL ${binaries.version}, which cannot open it.\n` +
          `  Keep it and run PostgreSQL ${made} yourself with DATABASE_URL pointing at it, or move the folder away ` +
          `(or set EMBEDDED_PG_DIR to another folder) to start with an empty database.`,
      );
    }
    return;
  }
  if (existsSync(folder) && (await readdir(folder)).length > 0) {
    throw new StartupError(
      `${folder} is not empty but holds no PostgreSQL data: move it away or set EMBEDDED_PG_DIR to another folder.`,
    );
  }
}

/** The password of the cluster's `castbase` role, kept beside its data folder (created on first use). */
export async function clusterPassword(folder: string): Promise<string> {
  const file = join(dirname(folder), 'postgres-password');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(18).toString('base64url');
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, password + '\n', { mode: 0o600 });
  return password;
}

/**
 * Creates the cluster with initdb in a folder beside `folder`, renamed into place only when complete, so an
 * interrupted first start leaves nothing half-made behind.
 */
export async function initialiseCluster(
  folder: string,
  binaries: PostgresBinaries,
  role: string,
  password: string,
  user: PostgresUser | undefined,
): Promise<void> {
  const partial = `${folder}.initdb-${process.pid}`;
  const secrets = await mkdtemp(join(tmpdir(), 'castbase-initdb-'));
  const passwordFile = join(secrets, 'password');
  try {
    await rm(partial, { recursive: true, force: true });
    await mkdir(partial, { recursive: true, mode: 0o700 });
    await writeFile(passwordFile, password + '\n', { mode: 0o600 });
    if (user) {
      for (const path of [partial, secrets, passwordFile]) await chown(path, user.uid, user.gid);
    }
    await promisify(execFile)(
      binaries.initdb,
      [
        `--pgdata=${partial}`,
        `--username=${role}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--no-locale',
      ],
      { uid: user?.uid, gid: user?.gid, env: { ...process.env, LC_ALL: 'C' } },
    );
    await rm(folder, { recursive: true, force: true });
    await rename(partial, folder);
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    const output = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`initdb failed for ${folder}${output ? `:\n${output}` : `: ${String(error)}`}`);
  } finally {
    await rm(secrets, { recursive: true, force: true });
  }
}
