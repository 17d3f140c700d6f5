import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { StartupError } from '@castbase/platform-config';
import type { PostgresBinaries } from './postgres-binaries.js';
import type { PostgresUser } from './postgres-user.js';

export interface ServerOptions {
  folder: string;
  port: number;
  binaries: PostgresBinaries;
  user: PostgresUser | undefined;
  /** Connection settings of the cluster's own role, to know when it accepts connections. */
  role: string;
  password: string;
}

export interface RunningServer {
  stop(): Promise<void>;
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * The process id in a cluster's postmaster.pid, if that process is alive and is PostgreSQL (after a crash the file
 * stays behind, and its number may since have gone to another program).
 */
function runningPostmaster(folder: string): number | undefined {
  const lockFile = join(folder, 'postmaster.pid');
  if (!existsSync(lockFile)) return undefined;
  const pid = Number(readFileSync(lockFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  const commandLine = `/proc/${pid}/cmdline`;
  return !existsSync(commandLine) || readFileSync(commandLine, 'utf8').includes('postgres') ? pid : undefined;
}

/** Refuses to start a cluster that is already running, or on a port another program holds. */
async function refuseBusy(folder: string, port: number): Promise<void> {
  const pid = runningPostmaster(folder);
  if (pid) {
    throw new StartupError(
      `The embedded PostgreSQL of ${folder} is already running (process ${pid}), most likely for another ` +
        `\`npm start\` of this Castbase. Stop that one first (or \`kill ${pid}\` if it was left behind).`,
    );
  }
  if (await portAnswers(port)) {
    throw new StartupError(
      `Port ${port} on 127.0.0.1, where the embedded PostgreSQL listens, is already taken by another program.\n` +
        `  Set EMBEDDED_PG_PORT to a free port (and keep it for later starts), or stop the program holding it.`,
    );
  }
}

async function acceptsConnections(options: ServerOptions): Promise<boolean> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port: options.port,
    user: options.role,
    password: options.password,
    database: 'postgres',
    connectionTimeoutMillis: 1000,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Runs `postgres` on 127.0.0.1:port only (no Unix socket), as `user` when Castbase runs as root, and resolves once
 * it accepts connections. If it stops before that, the error carries the end of what it printed. It is stopped
 * with the Node process (fast shutdown), however that process ends short of SIGKILL.
 */
export async function startPostgresServer(options: ServerOptions): Promise<RunningServer> {
  await refuseBusy(options.folder, options.port);
  const child = spawn(
    options.binaries.postgres,
    [
      '-D',
      options.folder,
      '-p',
      String(options.port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
    ],
    {
      uid: options.user?.uid,
      gid: options.user?.gid,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_ALL: 'C' },
    },
  );
  const output: string[] = [];
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    output.push(...chunk.split('\n').filter(Boolean));
    output.splice(0, Math.max(0, output.length - 20));
  });
  const stopWithNode = () => child.kill('SIGINT');
  process.once('exit', stopWithNode);
  const stop = async () => {
    process.removeListener('exit', stopWithNode);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    await exited(child);
  };

  const deadline = Date.now() + 60_000;
  while (!(await acceptsConnections(options))) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(
        `The embedded PostgreSQL (${options.folder}) did not start:\n${output.map((line) => `  ${line}`).join('\n')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { stop };
}
