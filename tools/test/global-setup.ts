import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '@castbase/platform-persistence';
import { isPortOpen, TEST_ENV, urlForDatabase } from '@castbase/platform-testing';
import { migrateAllServices } from '../../apps/all-in-one/src/migrate-all.js';

declare global {
  // eslint-disable-next-line no-var -- shared with the teardown, which runs in the same context
  var __castbaseTeardown: (() => Promise<void>) | undefined;
}

/**
 * Once per `jest` run: find PostgreSQL (DATABASE_URL, the machine's 127.0.0.1:5432, or an embedded one),
 * build a template database with every service's migrations, and find NATS (NATS_URL or 127.0.0.1:4222).
 * Test files clone the template, so each starts from a migrated, empty database.
 */
export default async function globalSetup(): Promise<void> {
  const runId = randomBytes(3).toString('hex');
  process.env[TEST_ENV.runId] = runId;
  process.env[TEST_ENV.devSigningKey] = randomBytes(32).toString('hex');

  let adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!adminUrl && (await isPortOpen('127.0.0.1', 5432))) adminUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!adminUrl) {
    const dir = await mkdtemp(join(tmpdir(), 'castbase-test-pg-'));
    const embedded = await startEmbeddedPostgres(join(dir, 'data'), 54_000 + Math.floor(Math.random() * 1000), 'postgres');
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
    console.log(`\n[castbase tests] no NATS at ${natsUrl}: the NATS runs of the bus tests are skipped; the in-process bus is used`);
  }

  globalThis.__castbaseTeardown = async () => {
    const leftovers = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 or datname = $2`,
      [`%\\_${runId}\\_%`, template],
    );
    for (const { datname } of leftovers.rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    await admin.end();
    await stopEmbedded?.();
  };
}
