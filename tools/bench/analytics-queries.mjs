// Benchmark of the analytics screens' queries at 10 million counted downloads: the podcast analytics screen
// (analytics.podcast.get), the episode screen of its most downloaded episode (analytics.episode.get), the feed
// analytics (analytics.feed.get) and the dashboard card, asked of the real analytics module over the in-process bus as
// the gateway asks them, each answer computed (the 5-minute caches are cleared before every call).
//
// 1. Creates a fresh database on the machine's PostgreSQL (BENCH_DATABASE_URL / DATABASE_URL, else 127.0.0.1:5432),
//    starts the built analytics module on it (it migrates) and seeds, with PostgreSQL's generate_series on two
//    connections: one podcast of BENCH_EPISODES (300) episodes over a year; BENCH_DOWNLOADS (10,000,000) counted
//    downloads, skewed towards new episodes and their launch week, countries, apps, devices and sources skewed as real
//    audiences are (loaded in bulk with the rollup triggers and the indexes off, then indexed and rolled up by the
//    halves of analytics.rebuild_download_rollups(), as the migration does); BENCH_FEED_REQUESTS (3,000,000) feed
//    requests and BENCH_SESSIONS (200,000) player sessions over the year, rolled up the same way. Then times the
//    triggers on INSERTs of new downloads, as the counter writes them, and prints the tables' sizes.
// 2. Pins itself to core 0 (taskset, when there is one; PostgreSQL is the machine's, unpinned) and times BENCH_RUNS
//    (30) calls per screen and range after a warm-up, printing p50/p95 beside the target (p95 < 100 ms) and beside a
//    reference measured in the same run: one of the screen's figures as it was read before the rollups, the range's
//    total plays straight from `downloads`, BENCH_REFERENCE_RUNS (3) times.
// Prints figures; asserts nothing.
//
//   npm run bench:analytics                          (builds the services first)
//   BENCH_DOWNLOADS=1000000 BENCH_RUNS=20 node_modules/.bin/node tools/bench/analytics-queries.mjs
//   BENCH_KEEP=1                   keeps the database (its URL is printed) to look at its plans afterwards
//   BENCH_REUSE=castbase_bench_…   measures a database a BENCH_KEEP run left, without seeding it again
import 'reflect-metadata';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Global, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import pg from 'pg';
import { pino } from 'pino';
import { AnalyticsModule } from '@castbase/analytics';
import {
  ALL_EVENTS,
  ANALYTICS_TIME_RANGES,
  analyticsRangeStart,
  analyticsRequests,
  catalogRequests,
  DomainError,
} from '@castbase/contracts';
import { APP_CONFIG } from '@castbase/platform-config';
import { InProcessBus, MessageBus, MessagingModule } from '@castbase/platform-messaging';
import { PersistenceModule } from '@castbase/platform-persistence';
import { testStorageModule } from '@castbase/platform-storage';
import { DownloadCounter } from '../../libs/analytics/dist/counting/download-counter.js';
import { AnalyticsReports } from '../../libs/analytics/dist/reports/analytics-reports.js';
import { FeedAnalyticsService } from '../../libs/analytics/dist/feed-requests/feed-analytics.service.js';
import { ADMIN_URL, createBenchDatabase, pinProcessToServerCore, SERVER_CORE } from './support/bench-kit.mjs';
import { catalogEpisode, rawTotalPlays, rollupSizes } from './support/analytics-bench-kit.mjs';
import {
  SEED_DOWNLOADS,
  SEED_ENCLOSURES,
  SEED_FEED_REQUESTS,
  SEED_SESSIONS,
} from './support/analytics-seed.mjs';

const DOWNLOADS = Number(process.env.BENCH_DOWNLOADS ?? 10_000_000);
const EPISODES = Number(process.env.BENCH_EPISODES ?? 300);
const FEED_REQUESTS = Number(process.env.BENCH_FEED_REQUESTS ?? 3_000_000);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const REFERENCE_RUNS = Number(process.env.BENCH_REFERENCE_RUNS ?? 3);
const WARMUP_RUNS = 3;
const LOAD_CHUNK = 1_000_000;
const TRIGGER_BATCHES = 20;
const TRIGGER_BATCH_ROWS = 500;
const TARGET_P95_MS = 100;
const OWNER = 'bench-owner';
const PODCAST = '0b5e55ed-0000-4000-8000-000000000001';

/** The analytics module as its process runs it, without HTTP: PostgreSQL, the in-process bus, storage. */
async function startAnalytics(databaseUrl, workDir) {
  const silent = pino({ level: 'silent' });
  class ConfigModule {}
  Global()(ConfigModule);
  const config = {
    STORAGE_DIR: join(workDir, 'storage'),
    ANALYTICS_SPILL_DIR: join(workDir, 'spill'),
    ANALYTICS_WRITE_TIMEOUT_MS: 1000,
    ANALYTICS_COUNT_SETTLE_MS: 30_000,
  };
  Module({ providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] })(ConfigModule);
  class BenchModule {}
  Module({
    imports: [
      ConfigModule,
      PersistenceModule.forRoot({ url: databaseUrl, poolMax: 5, migrateOnStart: true }),
      MessagingModule.forRoot({ bus: () => new InProcessBus({ events: ALL_EVENTS, logger: silent }) }),
      testStorageModule('http://127.0.0.1'),
      AnalyticsModule,
    ],
  })(BenchModule);
  const app = await NestFactory.createApplicationContext(BenchModule, { logger: false });
  await app.init();
  return app;
}

/** The catalog's side of the calls analytics makes: the owner may read the podcast, and its episodes are published. */
async function answerAsCatalog(bus, episodeIds) {
  const known = new Set(episodeIds);
  await bus.respond(
    catalogRequests.resolveAccess,
    (request) => {
      if (request.userId !== OWNER || ('podcastId' in request && request.podcastId !== PODCAST))
        throw new DomainError('PODCAST_NOT_FOUND');
      return { podcastId: PODCAST, role: 'owner' };
    },
    { queue: 'catalog' },
  );
  await bus.respond(
    catalogRequests.getEpisode,
    ({ episodeId }) => {
      if (!known.has(episodeId)) throw new DomainError('EPISODE_NOT_FOUND');
      return catalogEpisode(episodeId, PODCAST, OWNER);
    },
    { queue: 'catalog' },
  );
}

const seconds = (startedMs) => `${((performance.now() - startedMs) / 1000).toFixed(1)} s`;

/**
 * The seed, on two connections (the machine's two cores): the downloads in two streams with the rollup triggers and
 * the indexes off (made again afterwards: CREATE INDEX sorts once), then their rollups (the two halves of
 * analytics.rebuild_download_rollups() at once), beside the feed requests and sessions with theirs.
 */
async function seed(db, db2) {
  const started = performance.now();
  await db.query(
    `insert into analytics.podcast_access (podcast_id, owner_id, private, token_hash, updated_at) values ($1, $2, false, null, now())`,
    [PODCAST, OWNER],
  );
  await db.query(SEED_ENCLOSURES, [PODCAST, OWNER, EPISODES]);
  const { rows: indexes } = await db.query(
    `select indexname, indexdef from pg_indexes where schemaname = 'analytics' and tablename = 'downloads'`,
  );
  await db.query('alter table analytics.downloads disable trigger user');
  await db.query('alter table analytics.downloads drop constraint downloads_pkey');
  for (const { indexname } of indexes.filter((index) => index.indexname !== 'downloads_pkey'))
    await db.query(`drop index analytics.${indexname}`);
  let loaded = 0;
  const stream = async (client, firstChunk) => {
    for (let first = firstChunk * LOAD_CHUNK; first < DOWNLOADS; first += 2 * LOAD_CHUNK) {
      const rows = Math.min(LOAD_CHUNK, DOWNLOADS - first);
      await client.query(SEED_DOWNLOADS, [rows, PODCAST, OWNER, first]);
      loaded += rows;
      process.stdout.write(`\r  downloads: ${loaded.toLocaleString('en-US')} (${seconds(started)})`);
    }
  };
  await Promise.all([stream(db, 0), stream(db2, 1)]);
  console.log();
  const indexStarted = performance.now();
  await db.query(`set maintenance_work_mem = '512MB'`);
  await db.query('alter table analytics.downloads add primary key (request_id)');
  for (const { indexdef } of indexes.filter((index) => index.indexname !== 'downloads_pkey'))
    await db.query(indexdef);
  await db.query('alter table analytics.downloads enable trigger user');
  console.log(`  indexes made again in ${seconds(indexStarted)}`);
  const rollupStarted = performance.now();
  const timed = async (what, work) => {
    const at = performance.now();
    await work();
    console.log(`  ${what} in ${seconds(at)}`);
  };
  await Promise.all([
    timed('download rollups (counts) rebuilt from the downloads', () =>
      db.query('select analytics.rebuild_download_counts()'),
    ),
    (async () => {
      await timed('download rollups (listener sets) rebuilt from the downloads', () =>
        db2.query('select analytics.rebuild_download_listeners()'),
      );
      await timed(`feed requests: ${FEED_REQUESTS.toLocaleString('en-US')} and their rollups`, async () => {
        await db2.query('alter table analytics.feed_requests disable trigger user');
        await db2.query(SEED_FEED_REQUESTS, [FEED_REQUESTS, PODCAST]);
        await db2.query('alter table analytics.feed_requests enable trigger user');
        await db2.query('select analytics.rebuild_feed_request_rollups()');
      });
      await timed(`sessions: ${SESSIONS.toLocaleString('en-US')} and their rollups`, async () => {
        await db2.query('alter table analytics.listening_sessions disable trigger user');
        await db2.query(SEED_SESSIONS, [SESSIONS, PODCAST, OWNER]);
        await db2.query('alter table analytics.listening_sessions enable trigger user');
        await db2.query('select analytics.rebuild_listening_rollups()');
      });
    })(),
  ]);
  console.log(`  rollups and the rest in ${seconds(rollupStarted)}`);
  // What autovacuum does soon after a bulk load: statistics, and the visibility map index-only scans rely on.
  const vacuumStarted = performance.now();
  await db.query('vacuum analyze');
  console.log(`  vacuum analyze in ${seconds(vacuumStarted)}; seeded in ${seconds(started)}`);
}

/** The triggers' cost as the counter pays it: batches of new downloads of today, one INSERT each. */
async function timeTriggers(db) {
  const durations = [];
  for (let batch = 0; batch < TRIGGER_BATCHES; batch++) {
    const started = performance.now();
    await db.query(
      `insert into analytics.downloads (request_id, counted_at, window_start, podcast_id, episode_id, owner_id,
         listener, address, app, app_kind, device, os, country, source, excluded)
       select gen_random_uuid(), now() - random() * interval '1 hour', now(), $1, episode_id, $2,
              decode(md5(random()::text), 'hex'), null, 'Overcast', 'app', 'mobile', 'iOS', 'US', 'Podcast app', null
         from (select episode_id from analytics.enclosures where podcast_id = $1 order by updated_at desc limit 20) e,
              generate_series(1, $3::int / 20)`,
      [PODCAST, OWNER, TRIGGER_BATCH_ROWS],
    );
    durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  return durations[Math.floor(durations.length / 2)] / TRIGGER_BATCH_ROWS;
}

function percentile(sorted, fraction) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

/** p50 and p95 of `runs` calls of `ask` (after a warm-up), each after `before`. */
async function time(ask, runs, before = () => {}) {
  for (let run = 0; run < Math.min(WARMUP_RUNS, runs); run++) {
    before();
    await ask();
  }
  const durations = [];
  for (let run = 0; run < runs; run++) {
    before();
    const started = performance.now();
    await ask();
    durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  return { p50: percentile(durations, 0.5), p95: percentile(durations, 0.95) };
}

const ms = (value) => value.toFixed(1);
const withinTarget = (p95) => (p95 < TARGET_P95_MS ? 'yes' : 'NO');

/** A database a run with BENCH_KEEP left, on the same PostgreSQL; kept again at the end. */
function reusedDatabase(name) {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  process.env.BENCH_KEEP = '1';
  return { name, url: url.href, dropAndClose: async () => {} };
}

function pinToCore() {
  try {
    pinProcessToServerCore(process.pid);
    return `pinned to core ${SERVER_CORE}`;
  } catch {
    return 'not pinned (no taskset)';
  }
}

async function main() {
  // BENCH_REUSE names a database a run with BENCH_KEEP left: measured again without seeding it.
  const database = process.env.BENCH_REUSE
    ? reusedDatabase(process.env.BENCH_REUSE)
    : await createBenchDatabase();
  const workDir = await mkdtemp(join(tmpdir(), 'castbase-bench-analytics-'));
  const db = new pg.Client({ connectionString: database.url });
  const db2 = new pg.Client({ connectionString: database.url });
  const reference = new pg.Pool({ connectionString: database.url, max: 5 });
  let app;
  try {
    app = await startAnalytics(database.url, workDir);
    await db.connect();
    await db2.connect();
    // The counter's first run on the empty raw log: from then on it has nothing to count, and never counts the seeded
    // downloads again (a first run on a table it has no state for starts by forgetting every counted download).
    await app.get(DownloadCounter).countNow({ settleMs: 0 });
    if (!process.env.BENCH_REUSE) {
      console.log(
        `Seeding one podcast: ${EPISODES} episodes, ${DOWNLOADS.toLocaleString('en-US')} counted downloads over a year ...`,
      );
      await seed(db, db2);
      const perDownloadMs = await timeTriggers(db);
      console.log(
        `Rollup triggers on ${TRIGGER_BATCHES} INSERTs of ${TRIGGER_BATCH_ROWS} new downloads: ${perDownloadMs.toFixed(3)} ms per download (median batch)`,
      );
    }
    console.table(await rollupSizes(db));

    const bus = app.get(MessageBus);
    const { rows: episodes } = await db.query(
      `select episode_id, sum(plays)::int as plays from analytics.episode_download_days
        where podcast_id = $1 and dimension = 'total' group by 1 order by 2 desc`,
      [PODCAST],
    );
    await answerAsCatalog(
      bus,
      episodes.map((row) => row.episode_id),
    );
    const popular = episodes[0];
    const reports = app.get(AnalyticsReports);
    const feeds = app.get(FeedAnalyticsService);
    const clearCaches = () => {
      reports.clearCache();
      feeds.clearCache();
    };
    const pinned = pinToCore();
    console.log(
      `\nEach call over the in-process bus with the caches cleared: ${RUNS} runs per case after ${WARMUP_RUNS} warm-up; the reference ${REFERENCE_RUNS}; Node ${process.version}, ${availableParallelism()} CPUs, this process ${pinned}, load average ${loadavg()[0].toFixed(1)}`,
    );
    const podcastRows = [];
    for (const timeRange of ANALYTICS_TIME_RANGES) {
      const ask = () =>
        bus.request(analyticsRequests.getPodcastAnalytics, { userId: OWNER, podcastId: PODCAST, timeRange });
      const answer = await ask();
      const screen = await time(ask, RUNS, clearCaches);
      const now = new Date();
      const raw = await time(
        () => rawTotalPlays(reference, PODCAST, analyticsRangeStart(timeRange, now)),
        REFERENCE_RUNS,
      );
      podcastRows.push({
        range: timeRange,
        plays: answer.overview.totalPlays,
        listeners: answer.overview.uniqueListeners,
        'p50 ms': ms(screen.p50),
        'p95 ms': ms(screen.p95),
        [`p95 < ${TARGET_P95_MS} ms`]: withinTarget(screen.p95),
        'reference p50 ms': ms(raw.p50),
        'reference p95 ms': ms(raw.p95),
      });
    }
    console.log(
      '\nPodcast analytics screen (analytics.podcast.get); reference: its total plays alone, counted from `downloads`:',
    );
    console.table(podcastRows);

    const otherRows = [];
    for (const timeRange of ANALYTICS_TIME_RANGES) {
      const episode = await time(
        () =>
          bus.request(analyticsRequests.getEpisodeAnalytics, {
            userId: OWNER,
            podcastId: PODCAST,
            episodeId: popular.episode_id,
            timeRange,
          }),
        RUNS,
        clearCaches,
      );
      const feed = await time(
        () =>
          bus.request(analyticsRequests.getFeedAnalytics, { userId: OWNER, podcastId: PODCAST, timeRange }),
        RUNS,
        clearCaches,
      );
      otherRows.push({
        range: timeRange,
        'episode p50 ms': ms(episode.p50),
        'episode p95 ms': ms(episode.p95),
        'feed p50 ms': ms(feed.p50),
        'feed p95 ms': ms(feed.p95),
        [`p95 < ${TARGET_P95_MS} ms`]: withinTarget(Math.max(episode.p95, feed.p95)),
      });
    }
    console.log(
      `\nEpisode screen of the most downloaded episode (${popular.plays.toLocaleString('en-US')} downloads) and feed analytics (${FEED_REQUESTS.toLocaleString('en-US')} requests):`,
    );
    console.table(otherRows);
    const dashboard = await time(
      () => bus.request(analyticsRequests.getDashboardAnalytics, { userId: OWNER, podcastId: PODCAST }),
      RUNS,
      clearCaches,
    );
    console.log(
      `Dashboard card (analytics.dashboard.get): p50 ${ms(dashboard.p50)} ms, p95 ${ms(dashboard.p95)} ms`,
    );
    console.log(`Load average after: ${loadavg()[0].toFixed(1)}`);
  } catch (error) {
    console.error(String(error?.stack ?? error));
    process.exitCode = 1;
  } finally {
    await app?.close();
    await db.end().catch(() => undefined);
    await db2.end().catch(() => undefined);
    await reference.end().catch(() => undefined);
    if (process.env.BENCH_KEEP) {
      console.log(`Kept the database: ${database.url}`);
      // Its admin connection stays open with it: nothing else keeps this process.
      process.exit();
    }
    await database.dropAndClose();
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
