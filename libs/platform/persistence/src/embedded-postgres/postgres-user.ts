import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The unprivileged account PostgreSQL runs as when Castbase runs as root (PostgreSQL refuses to run as root). */
export interface PostgresUser {
  name: string;
  uid: number;
  gid: number;
}

async function lookUp(name: string): Promise<PostgresUser | undefined> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])]);
    return { name, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return undefined;
  }
}

/** The `postgres` account, created (as a system account without a home or shell) when the machine has none. */
export async function ensurePostgresUser(name = 'postgres'): Promise<PostgresUser> {
  const existing = await lookUp(name);
  if (existing) return existing;
  try {
    await run('groupadd', ['--system', '-f', name]);
    await run('useradd', ['--system', '-g', name, '--no-create-home', '--shell', '/usr/sbin/nologin', name]);
  } catch (error) {
    throw new Error(
      `Could not create the '${name}' account the embedded PostgreSQL runs as: ${String(error)}`,
    );
  }
  const created = await lookUp(name);
  if (!created) throw new Error(`The '${name}' account was created but cannot be found`);
  return created;
}

/**
 * Whether `user` may pass through (`x`) or write in (`w`) `path`, as the operating system decides it for that user
 * (every folder above included, ACLs too): asked of `test` run as that user.
 */
export function userMay(user: PostgresUser, access: 'x' | 'w', path: string): boolean {
  return (
    spawnSync('test', [`-${access}`, path], { uid: user.uid, gid: user.gid, stdio: 'ignore' }).status === 0
  );
}
