// Benchmark of the download writer (a group-committed journal on local disk, PostgreSQL fed behind it by COPY, as
// the enclosure redirect records each GET) against one raw COPY of the same rows: how much of PostgreSQL's bulk-load
// speed the writer keeps when fed one row at a time.
//
// 1. Creates a fresh database on the machine's PostgreSQL, starts the built all-in-one process on it once (it migrates
//    and makes today's partition of analytics.download_requests) and stops it.
// 2. Generates BENCH_ROWS (200,000) rows as the redirect makes them: random ids, one podcast of 40 episodes, a few
//    thousand distinct User-Agents of podcast apps and browsers (skewed towards the common ones), 16-byte listener
//    keys under two salts, countries, range headers, a few referrers and player sources; timestamped now.
// 3. Pins this process to core 0 (PostgreSQL is the machine's, unpinned) and measures, in BENCH_ROUNDS (3) rounds
//    taken in turn on a table truncated (and checkpointed) before each:
//    (a) raw COPY: one pg-copy-streams `COPY analytics.download_requests (...) FROM STDIN` of every row's line
//        (`toCopyLine`, the writer's own encoding, done inside the timing as the writer does it), on a connection
//        opened beforehand;
//    (b) the product's DownloadWriter (the built class), fed as the redirect feeds it: BENCH_CLIENTS (64) concurrent
//        clients, each appending one row and waiting until it is durable (in the journal, fsynced) before the next.
//        The timing ends when PostgreSQL has every row (`flush`). Its connections are opened by a first row before
//        the timing; its journal is in the temporary folder, on the machine's disk.
//    After each round the table must hold every row, all written from memory (none replayed, none lost).
// 4. Prints the medians: rows/s into PostgreSQL, the rate at which the clients' appends were durable, the writer's
//    COPYs (batches), the wait of an append (p50, p99), and the ratio of rows/s into PostgreSQL (target ≥ 0.5).
//
//   npm run bench:download-writer                       (builds the services first)
//   BENCH_ROWS=200000 BENCH_ROUNDS=3 BENCH_CLIENTS=64 node_modules/.bin/node tools/bench/download-writer.mjs
//   BENCH_KEEP=1                   keeps the temporary folder (the all-in-one log)
import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { finished } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  COPY_DOWNLOAD_REQUESTS,
  toCopyLine,
} from '../../libs/analytics/dist/downloads/download-request-row.js';
import {
  DownloadWriter,
  downloadWriterOptions,
} from '../../libs/analytics/dist/downloads/download-writer.js';
import {
  createBenchDatabase,
  freePort,
  pinProcessToServerCore,
  SERVER_CORE,
  startServer,
  stopProcess,
} from './support/bench-kit.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 200_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 64);
const TARGET_RATIO = 0.5;
/** Rows encoded and handed to the raw COPY stream at a time (it is written with back-pressure). */
const RAW_CHUNK_ROWS = 1_000;
const EPISODES = 40;

/** A small seeded generator, so every run draws the same mix of apps, countries and headers. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (random, values) => values[Math.floor(random() * values.length)];

/** A picker from `[value, weight]` pairs, each drawn in proportion to its weight (a binary search per draw). */
function weighted(pairs) {
  const cumulative = [];
  let total = 0;
  for (const [, weight] of pairs) cumulative.push((total += weight));
  return (random) => {
    const at = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] > at) high = middle;
      else low = middle + 1;
    }
    return pairs[low][0];
  };
}

/**
 * Distinct User-Agents in the shapes the main podcast apps and browsers send (versions, OS builds, devices and
 * locales varied), each with a share of downloads: a few apps take most, as on a real show.
 */
function userAgentPool(random) {
  const iosVersions = ['15_7', '16_6_1', '17_1_2', '17_4_1', '17_5', '18_0_1', '18_1', '18_2'];
  const darwin = ['22.5.0', '22.6.0', '23.0.0', '23.4.0', '23.5.0', '24.0.0', '24.1.0', '24.2.0'];
  const cfNetwork = ['1408.0.4', '1410.0.3', '1474', '1494.0.7', '1496.0.7', '1568.100.1', '3826.600.41'];
  const locales = ['en_us', 'en_gb', 'de_de', 'fr_fr', 'es_es', 'nl_nl', 'it_it', 'pt_br', 'sv_se', 'ja_jp'];
  const androidDevices = [
    'SM-G991B',
    'SM-S911B',
    'SM-A546B',
    'Pixel 7',
    'Pixel 8 Pro',
    'Pixel 6a',
    'M2101K6G',
    'CPH2451',
    'moto g(60)',
    'SM-G780G',
    'VOG-L29',
    'RMX3363',
  ];
  const shapes = [
    [
      (r) =>
        `Podcasts/${pick(r, ['1555.2.1', '1650.20', '4022.610.1', '4022.700.8', '4025.400.2'])} CFNetwork/${pick(r, cfNetwork)} Darwin/${pick(r, darwin)}`,
      30,
    ],
    [
      (r) =>
        `AppleCoreMedia/1.0.0.${pick(r, ['20G75', '21A360', '21E236', '21F90', '22A3354', '22B83'])} (${pick(r, ['iPhone', 'iPad', 'Macintosh'])}; U; CPU OS ${pick(r, iosVersions)} like Mac OS X; ${pick(r, locales)})`,
      20,
    ],
    [
      (r) =>
        `Spotify/${pick(r, ['8.8.80', '8.9.2', '8.9.10', '8.9.18'])} iOS/${pick(r, iosVersions).replaceAll('_', '.')} (iPhone${pick(r, ['13,2', '14,5', '15,2', '15,3', '16,1'])})`,
      12,
    ],
    [
      (r) =>
        `Spotify/${pick(r, ['8.8.80', '8.9.2', '8.9.10', '8.9.18'])} Android/${pick(r, ['30', '31', '33', '34'])} (${pick(r, androidDevices)})`,
      10,
    ],
    [(r) => `Overcast/3.0 (+http://overcast.fm/; ${pick(r, ['iOS', 'Apple Watch'])} podcast app)`, 5],
    [
      (r) =>
        `Pocket%20Casts/7.${Math.floor(r() * 100)}.0.${Math.floor(r() * 9)} CFNetwork/${pick(r, cfNetwork)} Darwin/${pick(r, darwin)}`,
      5,
    ],
    [(r) => `AntennaPod/3.${Math.floor(r() * 6)}.${Math.floor(r() * 4)}`, 4],
    [
      (r) => `PodcastAddict/v5 (+https://podcastaddict.com/; Android podcast app) ${pick(r, androidDevices)}`,
      4,
    ],
    [
      (r) =>
        `Castro ${2020 + Math.floor(r() * 5)}.${1 + Math.floor(r() * 14)}/${1000 + Math.floor(r() * 400)}`,
      2,
    ],
    [
      (r) =>
        `com.google.android.apps.youtube.music/${60000000 + Math.floor(r() * 5000000)} (Linux; U; Android ${pick(r, ['12', '13', '14'])}; ${pick(r, ['en_US', 'de_DE', 'fr_FR'])}; ${pick(r, androidDevices)}; Build/UP1A.231105.002; Cronet/114.0.5735.84)`,
      3,
    ],
    [
      (r) =>
        `AmazonMusic/${20 + Math.floor(r() * 5)}.${Math.floor(r() * 20)}.0 Dalvik/2.1.0 (Linux; U; Android ${pick(r, ['11', '12', '13'])}; ${pick(r, androidDevices)} Build/TP1A.220624.014)`,
      2,
    ],
    [
      (r) =>
        `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${120 + Math.floor(r() * 12)}.0.${6000 + Math.floor(r() * 900)}.${Math.floor(r() * 200)} Safari/537.36`,
      2,
    ],
    [
      (r) =>
        `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${16 + Math.floor(r() * 3)}.${Math.floor(r() * 6)} Safari/605.1.15`,
      1,
    ],
  ];
  const pool = new Map();
  const drawnPerShape = shapes.map(() => 0);
  for (let attempt = 0; pool.size < 3_000 && attempt < 100_000; attempt++) {
    const shape = Math.floor(random() * shapes.length);
    const userAgent = shapes[shape][0](random);
    if (pool.has(userAgent)) continue;
    // Within a shape, the first variants drawn are the common ones, with a long tail after them (Zipf).
    drawnPerShape[shape] += 1;
    pool.set(userAgent, shapes[shape][1] / drawnPerShape[shape]);
  }
  return [...pool];
}

const COUNTRIES = [
  ['US', 40],
  ['GB', 8],
  ['DE', 8],
  ['CA', 5],
  ['AU', 4],
  ['FR', 4],
  ['NL', 3],
  ['SE', 2],
  ['BR', 2],
  ['IN', 2],
  ['ES', 2],
  ['IT', 2],
  ['JP', 1],
  [null, 2],
];
const RANGES = [
  ['bytes=0-', 55],
  [null, 30],
  ['bytes=0-1', 8],
  ['bytes=1048576-', 7],
];
const REFERRERS = [
  [null, 95],
  ['https://podcasts.apple.com/', 2],
  ['https://open.spotify.com/', 1],
  ['https://castbase.example/benchmark-radio', 2],
];
const SOURCES = [
  [null, 96],
  ['page', 2],
  ['embed', 1],
  ['app', 1],
];

/** ROWS downloads of one podcast, as DownloadHttpRoute makes them (the same row shape). */
function generateRows() {
  const random = seededRandom(20261126);
  const userAgents = userAgentPool(random);
  const [userAgentOf, countryOf, referrerOf, rangeOf, sourceOf] = [
    userAgents,
    COUNTRIES,
    REFERRERS,
    RANGES,
    SOURCES,
  ].map(weighted);
  const podcastId = randomUUID();
  const episodeIds = Array.from({ length: EPISODES }, () => randomUUID());
  const now = Date.now();
  const rows = new Array(ROWS);
  for (let i = 0; i < ROWS; i++) {
    rows[i] = {
      id: randomUUID(),
      occurredAtMs: now - Math.floor(random() * 60_000),
      podcastId,
      // The newest episodes take most downloads.
      episodeId: episodeIds[Math.floor(random() ** 3 * EPISODES)],
      ownerId: 'bench-user',
      listenerDay: randomBytes(16).toString('hex'),
      listenerNext: randomBytes(16).toString('hex'),
      addressDay: randomBytes(16).toString('hex'),
      country: countryOf(random),
      userAgent: userAgentOf(random),
      referrer: referrerOf(random),
      rangeHeader: rangeOf(random),
      prefetch: random() < 0.01,
      source: sourceOf(random),
      ownStorage: false,
    };
  }
  return { rows, distinctUserAgents: userAgents.length };
}

/** Migrates the fresh database the way a deployment does: the all-in-one process starts on it (and is stopped). */
async function migrate(databaseUrl, workDir) {
  const port = await freePort();
  const server = await startServer({
    name: 'all-in-one',
    script: 'apps/all-in-one/dist/main.js',
    port,
    workDir,
    env: {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      STORAGE_DIR: join(workDir, 'storage'),
      ANALYTICS_SPILL_DIR: join(workDir, 'spill-all-in-one'),
      AUTH_DEV_SIGNING_KEY: randomBytes(32).toString('base64url'),
    },
  });
  await stopProcess(server.child);
}

/** A table as empty as a fresh one: no rows, and no dirty pages from the previous round left to write. */
async function emptyTable(db) {
  await db.query('truncate analytics.download_requests');
  await db.query('checkpoint');
}

async function expectRows(db, side) {
  const { rows } = await db.query('select count(*)::bigint as rows from analytics.download_requests');
  const count = Number(rows[0].rows);
  if (count !== ROWS) throw new Error(`${side}: the table holds ${count} rows after the round, not ${ROWS}`);
}

/** (a) One COPY of every row, encoded by toCopyLine as it goes, on a connection opened before the timing. */
async function rawCopy(databaseUrl, rows) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    const stream = client.query(copyFrom(COPY_DOWNLOAD_REQUESTS));
    for (let start = 0; start < rows.length; start += RAW_CHUNK_ROWS) {
      let chunk = '';
      for (const row of rows.slice(start, start + RAW_CHUNK_ROWS)) chunk += toCopyLine(row);
      if (!stream.write(chunk)) await once(stream, 'drain');
    }
    stream.end();
    await finished(stream);
    const seconds = (performance.now() - started) / 1000;
    return { seconds, rowsPerSecond: rows.length / seconds, batches: 1 };
  } finally {
    await client.end();
  }
}

/** The value below which `fraction` of the sorted `values` lie. */
function percentile(sorted, fraction) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

/**
 * (b) The product's writer, fed by CLIENTS concurrent clients that each append a row and wait for it before the
 * next, as concurrent listeners' requests do. The first row opens its connection before the timing.
 */
async function groupCommit(databaseUrl, rows, spillDirectory) {
  const writer = new DownloadWriter(
    { url: databaseUrl, poolMax: 1 },
    // The product's options (batch size, concurrent COPYs), with a longer timeout: nothing may go to the journal here.
    downloadWriterOptions({
      ANALYTICS_SPILL_DIR: spillDirectory,
      ANALYTICS_WRITE_TIMEOUT_MS: 5000,
      STORAGE_DIR: spillDirectory,
    }),
  );
  writer.onApplicationBootstrap();
  try {
    await writer.append(rows[0]);
    await writer.flush();
    const batchesBefore = writer.counts.batches;
    const waits = new Float64Array(rows.length - 1);
    let next = 1;
    const client = async () => {
      for (let index = next++; index < rows.length; index = next++) {
        const asked = performance.now();
        await writer.append(rows[index]);
        waits[index - 1] = performance.now() - asked;
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: CLIENTS }, client));
    const appendedSeconds = (performance.now() - started) / 1000;
    await writer.flush();
    const seconds = (performance.now() - started) / 1000;
    waits.sort();
    const { written, replayed, lost } = writer.counts;
    if (written !== rows.length || replayed > 0 || lost > 0)
      throw new Error(
        `the writer wrote ${written} rows from memory, replayed ${replayed} and lost ${lost}: PostgreSQL did not take them in time`,
      );
    return {
      seconds,
      rowsPerSecond: waits.length / seconds,
      durableRowsPerSecond: waits.length / appendedSeconds,
      batches: writer.counts.batches - batchesBefore,
      p50Ms: percentile(waits, 0.5),
      p99Ms: percentile(waits, 0.99),
    };
  } finally {
    await writer.onApplicationShutdown();
  }
}

const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (value, digits = 2) => Number(value.toFixed(digits));

async function main() {
  const workDir = await mkdtemp(join(tmpdir(), 'castbase-bench-download-writer-'));
  await chmod(workDir, 0o755);
  const benchDatabase = await createBenchDatabase();
  const db = new pg.Client({ connectionString: benchDatabase.url });
  try {
    console.log(`Migrating ${benchDatabase.name} with the all-in-one process ...`);
    await migrate(benchDatabase.url, workDir);
    await db.connect();
    const { rows, distinctUserAgents } = generateRows();
    const bytes = rows.reduce((sum, row) => sum + Buffer.byteLength(toCopyLine(row)), 0);
    const settings = await db.query(
      "select name, setting from pg_settings where name in ('synchronous_commit', 'fsync', 'wal_level', 'server_version')",
    );
    console.log(
      `${ROWS} rows of one podcast (${EPISODES} episodes, ${distinctUserAgents} distinct User-Agents), ${round(bytes / ROWS, 0)} bytes a COPY line; PostgreSQL ${settings.rows.map((row) => `${row.name}=${row.setting}`).join(', ')}`,
    );
    pinProcessToServerCore(process.pid);
    console.log(
      `This process on core ${SERVER_CORE}; ${ROUNDS} rounds of raw COPY and of the writer (${CLIENTS} clients) in turn, each on an emptied table; medians`,
    );
    const raw = [];
    const writer = [];
    for (let index = 0; index < ROUNDS; index++) {
      await emptyTable(db);
      raw.push(await rawCopy(benchDatabase.url, rows));
      await expectRows(db, 'raw COPY');
      await emptyTable(db);
      writer.push(await groupCommit(benchDatabase.url, rows, join(workDir, `spill-${index}`)));
      await expectRows(db, 'DownloadWriter');
      console.log(
        `round ${index + 1}: raw COPY ${Math.round(raw.at(-1).rowsPerSecond)} rows/s, writer ${Math.round(writer.at(-1).rowsPerSecond)} rows/s in ${writer.at(-1).batches} COPYs`,
      );
    }
    const rawRate = middle(raw.map((run) => run.rowsPerSecond));
    const writerRate = middle(writer.map((run) => run.rowsPerSecond));
    console.table([
      {
        side: 'raw COPY (reference)',
        'rows/s': Math.round(rawRate),
        'durable rows/s': '',
        seconds: round(middle(raw.map((run) => run.seconds))),
        COPYs: 1,
        'rows per COPY': ROWS,
        'append wait p50 ms': '',
        'append wait p99 ms': '',
      },
      {
        side: `DownloadWriter, ${CLIENTS} clients`,
        'rows/s': Math.round(writerRate),
        'durable rows/s': Math.round(middle(writer.map((run) => run.durableRowsPerSecond))),
        seconds: round(middle(writer.map((run) => run.seconds))),
        COPYs: middle(writer.map((run) => run.batches)),
        'rows per COPY': round((ROWS - 1) / middle(writer.map((run) => run.batches)), 1),
        'append wait p50 ms': round(middle(writer.map((run) => run.p50Ms))),
        'append wait p99 ms': round(middle(writer.map((run) => run.p99Ms))),
      },
    ]);
    console.log(`writer ÷ raw COPY: ${round(writerRate / rawRate, 3)} (target ≥ ${TARGET_RATIO})`);
  } catch (error) {
    console.error(String(error?.stack ?? error), error?.cause ?? '');
    const log = await readFile(join(workDir, 'all-in-one.log'), 'utf8').catch(() => '');
    if (log)
      console.error(`--- last lines of the all-in-one log ---\n${log.split('\n').slice(-40).join('\n')}`);
    process.exitCode = 1;
  } finally {
    await db.end().catch(() => undefined);
    await benchDatabase.dropAndClose();
    if (process.env.BENCH_KEEP) console.log(`Files kept in ${workDir}`);
    else await rm(workDir, { recursive: true, force: true });
  }
}

await main();
