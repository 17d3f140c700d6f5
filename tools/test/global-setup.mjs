// Once per Jest run (on the built packages: `npm test` builds first): find PostgreSQL (TEST_DATABASE_URL,
// DATABASE_URL, the machine's 127.0.0.1:5432, or an embedded one), build a template database with every
// service's migrations, and find NATS (NATS_URL or 127.0.0.1:4222). Test files clone the template
// (`createTestDatabase`), so each starts from a migrated, empty database. Also finds the browser tests' Chromium.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const built = new URL('../../apps/all-in-one/dist/migrate-all.js', import.meta.url);

export default async function globalSetup() {
  if (!existsSync(built))
    throw new Error('The workspace is not built: run `npm test` (it builds first) or `npm run build`');
  const { startEmbeddedPostgres } = await import('@castbase/platform-persistence');
  const { chromiumExecutable, CHROMIUM_ENV, isPortOpen, TEST_ENV, urlForDatabase } =
    await import('@castbase/platform-testing');
  const { migrateAllServices } = await import(built.href);

  const runId = randomBytes(3).toString('hex');
  process.env[TEST_ENV.runId] = runId;
  process.env[TEST_ENV.devSigningKey] = randomBytes(32).toString('hex');

  let adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  let stopEmbedded;
  // CASTBASE_TEST_POSTGRES=embedded rehearses a machine without PostgreSQL.
  const forceEmbedded = process.env.CASTBASE_TEST_POSTGRES === 'embedded';
  if (!adminUrl && !forceEmbedded && (await isPortOpen('127.0.0.1', 5432)))
    adminUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!adminUrl) {
    const dir = await mkdtemp(join(tmpdir(), 'castbase-test-pg-'));
    // Run as root, PostgreSQL runs as a 'postgres' user, who must be able to reach the data folder.
    await chmod(dir, 0o755);
    const embedded = await startEmbeddedPostgres(
      join(dir, 'data'),
      54_000 + Math.floor(Math.random() * 1000),
      'postgres',
    );
    adminUrl = embedded.url;
    stopEmbedded = embedded.stop;
    console.log(`\n[castbase tests] no PostgreSQL at 127.0.0.1:5432: using an embedded PostgreSQL (${dir})`);
  }
  process.env[TEST_ENV.adminUrl] = adminUrl;

  const template = `cbtpl_${runId}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  await migrateAllServices({ url: urlForDatabase(adminUrl, template), poolMax: 2 });
  process.env[TEST_ENV.templateDatabase] = template;

  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  const natsAddress = new URL(natsUrl);
  if (await isPortOpen(natsAddress.hostname, Number(natsAddress.port || 4222))) {
    process.env[TEST_ENV.natsUrl] = natsUrl;
  } else {
    console.log(
      `\n[castbase tests] no NATS at ${natsUrl}: the NATS runs of the bus tests are skipped; the in-process bus is used`,
    );
  }

  // Unpacked once here rather than by several test workers at the same time.
  process.env[CHROMIUM_ENV] = await chromiumExecutable();

  globalThis.__castbaseTeardown = async () => {
    const leftovers = await admin.query(
      `select datname from pg_database where datname like $1 or datname = $2`,
      [`%\\_${runId}\\_%`, template],
    );
    for (const { datname } of leftovers.rows)
      await admin.query(`drop database if exists "${datname}" with (force)`);
    await admin.end();
    await stopEmbedded?.();
  };
}
