import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { StartupError } from '@castbase/platform-config';
import { freePort } from '@castbase/platform-testing';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres.js';

const runningAsRoot = process.getuid?.() === 0;

async function query(database: EmbeddedDatabase, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  let home: string;
  let relocationRoot: string;
  const started: EmbeddedDatabase[] = [];

  beforeEach(async () => {
    // Like a clone under /root or in a `mktemp -d` folder: nobody but its owner may enter.
    home = await mkdtemp(join(tmpdir(), 'castbase-embedded-pg-'));
    relocationRoot = await mkdtemp(join(tmpdir(), 'castbase-embedded-pg-relocated-'));
    await chmod(relocationRoot, 0o755);
  });

  afterEach(async () => {
    await Promise.all(started.splice(0).map((database) => database.stop()));
    await rm(home, { recursive: true, force: true });
    await rm(relocationRoot, { recursive: true, force: true });
  });

  async function start(dataDir: string, port: number): Promise<EmbeddedDatabase> {
    const database = await startEmbeddedPostgres(dataDir, port, 'castbase', { relocationRoot });
    started.push(database);
    return database;
  }

  it('runs in a folder only its owner can enter and keeps the data across restarts', async () => {
    const requested = join(home, 'clone', '.data', 'postgres');
    const port = await freePort();
    const first = await start(requested, port);
    await query(first, 'create table notes (body text); insert into notes values ($$kept$$)');
    await first.stop();
    started.length = 0;

    const second = await start(requested, port);
    expect((await query(second, 'select body from notes')).rows).toEqual([{ body: 'kept' }]);
    expect(second.dataDir).toBe(first.dataDir);
    if (runningAsRoot) {
      // PostgreSQL runs as 'postgres', who cannot enter `home`: the data lives under the relocation root instead.
      expect(second.relocatedFrom).toBe(requested);
      expect(second.dataDir.startsWith(relocationRoot)).toBe(true);
    } else {
      expect(second.relocatedFrom).toBeUndefined();
      expect(second.dataDir).toBe(requested);
    }
  });

  it('refuses a port another program holds, naming EMBEDDED_PG_PORT', async () => {
    const port = await freePort();
    const holder: Server = createServer().listen(port, '127.0.0.1');
    await new Promise((resolve) => holder.once('listening', resolve));
    try {
      const attempt = start(join(home, 'postgres'), port);
      await expect(attempt).rejects.toBeInstanceOf(StartupError);
      await expect(attempt).rejects.toThrow(
        /Port \d+ on 127\.0\.0\.1, .* already taken .*\n.*EMBEDDED_PG_PORT/,
      );
    } finally {
      holder.close();
    }
  });

  it('refuses a second start of a cluster that is already running', async () => {
    const requested = join(home, 'postgres');
    const first = await start(requested, await freePort());
    const attempt = start(requested, await freePort());
    await expect(attempt).rejects.toBeInstanceOf(StartupError);
    await expect(attempt).rejects.toThrow(`The embedded PostgreSQL of ${first.dataDir} is already running`);
  });

  it('refuses data made by another major version of PostgreSQL, leaving it untouched', async () => {
    const requested = join(home, 'postgres');
    await mkdir(requested, { recursive: true });
    await writeFile(join(requested, 'PG_VERSION'), '16\n');
    const attempt = start(requested, await freePort());
    await expect(attempt).rejects.toBeInstanceOf(StartupError);
    await expect(attempt).rejects.toThrow(/made by PostgreSQL 16, and this Castbase runs PostgreSQL 18\.\d+/);
    expect(await readdir(requested)).toEqual(['PG_VERSION']);
    expect(await readFile(join(requested, 'PG_VERSION'), 'utf8')).toBe('16\n');
  });
});
