// Benchmark of the enclosure redirect, GET /e/{podcastId}/{episodeId}/{file}, with its recording (every GET a row of
// analytics.download_requests, the 302 sent once the row is durable in the analytics process's local journal,
// PostgreSQL fed behind it: ADR 0016), against nginx answering the same 302 with `return 302`.
//
// 1. Creates a fresh database on the machine's PostgreSQL and starts the built all-in-one process on it (in-process
//    bus), pinned to core 0 once seeded. Seeds one podcast with one published episode through the REST API (a tus
//    upload of a WAV tone, create, publish), reads the episode's enclosure URL from the podcast's feed, and waits
//    until GET of it answers 302 with a Location that has stayed the same for five seconds (media processing may
//    change the file), its per-request delivery reference (`?d=<request id>`, filesystem storage) aside.
// 2. Starts nginx on the same core 0 with `return 302 <that Location>` and `Cache-Control: no-store` (the product's
//    headers; nginx adds its small HTML body, which the product does not send: both sizes are printed), and a bare
//    node:http server answering the same 302 from memory, the reference for what Node itself can do here, and the
//    durable redirect (support/durable-redirect.mjs): a bare net server that answers each 302 once a row for it is in
//    an O_DSYNC journal file by group commit, without parsing, keys or PostgreSQL: the least any Node process can do
//    under the recording's rule, so that the product's ratio can be read against what the rule itself costs here.
// 3. wrk, pinned to core 1, 64 connections, one thread, with the User-Agent of Apple Podcasts on iOS and each request
//    from another listener as the ingress forwards it (X-Forwarded-For cycling through 4,096 public addresses, one in
//    ten IPv6; the product trusts loopback proxies by default), so that the listener keys, the /64 cut and the country
//    lookup work as in production (a request from 127.0.0.1 itself skips the country database): after a warm-up,
//    BENCH_ROUNDS (5) short runs of each side taken in turn; the median of each side is printed with the ratio
//    (target ≥ 0.4) and p99 (target < 20 ms), and the server's CPU per 302 (all its threads, from /proc). The server
//    process is stopped (SIGSTOP) during nginx's runs, so that its own later work (the COPYs, the counting) is done in
//    its runs and never lowers nginx's figures.
// 4. Stops the all-in-one process and starts the analytics service alone (`apps/analytics/dist/main.js`) on the same
//    database and on NATS JetStream (NATS_URL, else nats://127.0.0.1:4222) with a BUS_NAMESPACE of its own, checks it
//    answers the same 302 (the podcast's access row is the all-in-one's), and measures it the same way.
//
// Each process is measured alike, with no counting under way: its runs start once the counting (DownloadCounter)
// has taken every request recorded before them, the analytics service's the all-in-one's included, and the
// processes take requests only 90 s old (ANALYTICS_COUNT_SETTLE_MS; 30 s by default), after the runs. The bench
// then waits for the counting of the runs' requests and prints the CPU per request it took, apart.
//
// After each process's runs, the rows it wrote with wrk's User-Agent are counted against the 302s wrk counted: a 302
// without its row fails the benchmark. Rows may exceed the 302s by the requests wrk cut off at the end of each run
// (at most one per connection per run) or gave up on (its socket errors), whose rows were written while wrk no
// longer waited for their answers; more than that fails it too.
//
// Needs nginx, wrk and taskset (apt-get install nginx wrk). Prints figures; asserts only that every 302 was recorded.
//
//   npm run bench:downloads                            (builds the services first)
//   BENCH_DURATION=10 BENCH_CONNECTIONS=64 node_modules/.bin/node tools/bench/download-redirect.mjs
//   BENCH_CPU_PROF=/tmp/profiles   each server process writes a V8 CPU profile there when it stops
//   BENCH_NODE_FLAGS=--trace-gc    Node flags for the server processes
//   BENCH_KEEP=1                   keeps the temporary folder (the server logs)
//   BENCH_ONLY=all-in-one          measures the all-in-one process only, not the analytics service alone
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { mintDevAccessToken } from '@castbase/platform-auth';
import {
  api,
  CONNECTIONS,
  cpuMs,
  cpuMsByThread,
  cpuUsPerRequestByThread,
  createBenchDatabase,
  freePort,
  LOAD_CORE,
  median,
  NATS_URL,
  nginxVersion,
  pinToServerCore,
  postgresCpuMs,
  postgresCpuMsSince,
  probe,
  requireTools,
  residentMb,
  ROUNDS,
  RUN_S,
  SERVER_CORE,
  startNginx,
  startServer,
  stopProcess,
  waitFor,
  whileStopped,
  WARM_UP_S,
  wrk,
  benchPodcastWithTone,
} from './support/bench-kit.mjs';

const TARGET_RATIO = 0.4;
const TARGET_P99_MS = 20;
const IDLE_SAMPLE_MS = 5_000;
/**
 * The counting takes a request this long after it (30 s by default): longer than a process's runs, so that none of
 * their requests is counted during them, and the CPU per 302 is the redirect's and its recording's alone.
 */
const COUNT_SETTLE_MS = 90_000;
/** What wrk sends as: Apple Podcasts on an iPhone, as it downloads an episode. */
const LISTENER_USER_AGENT = 'Podcasts/4022.610.1 CFNetwork/1408.0.4 Darwin/22.5.0';
/**
 * wrk's script: every request from another listener behind the ingress (X-Forwarded-For), from 4,096 public addresses
 * made in advance (one in ten IPv6, in 2a02::/16), each request a string made once, so that wrk's own work per request
 * stays small. The same script drives nginx and the bare server.
 */
const LISTENERS_SCRIPT = `
local requests = {}
init = function(args)
  for i = 0, 4095 do
    local address
    if i % 10 == 9 then
      address = string.format("2a02:%x:%x:%x::%x", 4096 + i, i % 256, (i * 7) % 65536, i + 1)
    else
      address = string.format("%d.%d.%d.%d", 20 + (i * 37) % 80, (i * 13) % 256, (i * 101) % 256, 1 + (i * 7) % 254)
    end
    local headers = {}
    for name, value in pairs(wrk.headers) do headers[name] = value end
    headers["X-Forwarded-For"] = address
    requests[i + 1] = wrk.format(nil, nil, headers)
  end
end
local index = 0
request = function()
  index = index % #requests + 1
  return requests[index]
end
`;
let listenersScript;

/** The benchmark's own checks, whose rows are not wrk's. */
const PROBE_USER_AGENT = 'CastbaseBench/1.0 (download-redirect probe)';
const listener = { 'User-Agent': LISTENER_USER_AGENT };

/** One podcast with one published episode, made as a creator would through the API; answers its enclosure URL. */
async function seed(baseUrl, call, token) {
  const { podcast, media } = await benchPodcastWithTone(
    baseUrl,
    call,
    token,
    'A podcast made by tools/bench/download-redirect.mjs to measure the enclosure redirect.',
  );
  const episode = await call('POST', `/api/podcasts/${podcast.id}/episodes`, {
    title: 'Episode 1: measuring downloads',
    description: '<p>In this episode we count downloads, and how fast a redirect can be.</p>',
    mediaId: media.id,
    episodeNumber: 1,
  });
  await call('POST', `/api/episodes/${episode.id}/publish`);
  const feed = await waitFor(
    'the feed to list the episode',
    async () => {
      const status = await call('GET', `/api/podcasts/${podcast.id}/feed`);
      return status.episodeCount === 1 && !status.needsUpdate ? status : undefined;
    },
    120_000,
  );
  const xml = (await probe(feed.url, { 'Accept-Encoding': 'identity' })).body.toString('utf8');
  const enclosure = /<enclosure\b[^>]*\burl="([^"]+)"/.exec(xml)?.[1]?.replaceAll('&amp;', '&');
  if (!enclosure) throw new Error(`the feed ${feed.url} has no enclosure:\n${xml.slice(0, 2000)}`);
  const enclosurePath = new URL(enclosure).pathname + new URL(enclosure).search;
  // Media processing goes on for a while after publishing and may change the file the redirect points at: measure
  // once the Location has stayed the same for five seconds.
  let stableSince = Date.now();
  let lastLocation;
  const location = await waitFor(
    `GET ${enclosurePath} to answer a steady 302`,
    async () => {
      const { status, headers } = await probe(`${baseUrl}${enclosurePath}`, {
        'User-Agent': PROBE_USER_AGENT,
      });
      if (status !== 302) {
        [lastLocation, stableSince] = [undefined, Date.now()];
        return undefined;
      }
      const stable = withoutDeliveryReference(headers.location);
      if (stable !== lastLocation) [lastLocation, stableSince] = [stable, Date.now()];
      return Date.now() - stableSince >= 5_000 ? headers.location : undefined;
    },
    300_000,
    500,
  );
  return { enclosurePath, location };
}

/**
 * The bytes of one whole response (status line, headers and body) as the server sends them on a keep-alive
 * connection: what each side puts on the wire per redirect.
 */
function responseBytes(baseUrl, path) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolveBytes, reject) => {
    const socket = connect(Number(port), hostname);
    let received = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      const headerEnd = received.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = Number(
        /^content-length:\s*(\d+)/im.exec(received.subarray(0, headerEnd).toString())?.[1] ?? 0,
      );
      if (received.length >= headerEnd + 4 + length) {
        socket.destroy();
        resolveBytes(headerEnd + 4 + length);
      }
    });
    socket.on('error', reject);
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUser-Agent: ${PROBE_USER_AGENT}\r\nConnection: keep-alive\r\n\r\n`,
    );
  });
}

/** nginx on the server core answering every GET with the product's 302: the same Location and Cache-Control. */
function startRedirectingNginx(workDir, location) {
  return startNginx({
    workDir,
    httpDirectives: '  server_tokens off;',
    serverDirectives: `    location / {
      add_header Cache-Control no-store always;
      return 302 "${location}";
    }`,
    readyPath: '/',
    readyStatus: 302,
  });
}

/** What Node itself can do here: a bare `node:http` server on the server core answering the product's 302 from memory. */
async function startPlainNode(location) {
  const port = await freePort();
  const script = `
    const headers = { Location: ${JSON.stringify(location)}, 'Cache-Control': 'no-store', 'Content-Length': '0' };
    require('node:http').createServer((request, response) => response.writeHead(302, headers).end())
      .listen(${port}, '127.0.0.1');`;
  const child = spawn('taskset', ['-c', SERVER_CORE, process.execPath, '-e', script], { stdio: 'ignore' });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(
    'the plain node:http server',
    async () => (await probe(`${baseUrl}/`, {})).status === 302,
    10_000,
  );
  return { child, baseUrl };
}

/** The durable redirect (support/durable-redirect.mjs) on the server core, its journal in `workDir`. */
async function startDurableRedirect(workDir, location) {
  const port = await freePort();
  const child = spawn(
    'taskset',
    [
      '-c',
      SERVER_CORE,
      process.execPath,
      join(import.meta.dirname, 'support/durable-redirect.mjs'),
      String(port),
      location,
      join(workDir, 'durable-redirect.journal'),
    ],
    { stdio: 'ignore' },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor('the durable redirect', async () => (await probe(`${baseUrl}/`, {})).status === 302, 30_000);
  return { child, baseUrl };
}

/**
 * A Location without its request's delivery reference: with filesystem storage each 302 ends in `?d=<request id>`
 * (the storage reports the bytes it sends by it), so two redirects differ only there. nginx and the plain Node server
 * answer one such Location, of the same length.
 */
function withoutDeliveryReference(location) {
  return location?.replace(/([?&]d=)[0-9a-f-]{36}$/, '$1');
}

/** Checks that `url` answers 302 to `location` (any request's delivery reference). */
async function expectRedirect(url, location) {
  const { status, headers } = await probe(url, { 'User-Agent': PROBE_USER_AGENT });
  if (status !== 302 || withoutDeliveryReference(headers.location) !== withoutDeliveryReference(location))
    throw new Error(`${url} answered ${status} to ${headers.location}, not 302 to ${location}`);
}

/**
 * Measures the redirect on `serverUrl` and on nginx in turn: warm-up, then ROUNDS short runs each, medians. Answers
 * the table's row and the 302s wrk counted on the server (warm-up included). The row has the server process's CPU (all
 * its threads, nginx's turns when it idles included) per 302: steadier than req/s on a shared machine.
 */
async function compare(runtime, serverProcess, serverUrl, nginxUrl, location) {
  await expectRedirect(serverUrl, location);
  await expectRedirect(nginxUrl, location);
  const cpuBefore = await cpuMs(serverProcess);
  const threadsBefore = await cpuMsByThread(serverProcess);
  const postgresBefore = await postgresCpuMs();
  const ioBefore = await readFile(`/proc/${serverProcess.pid}/io`, 'utf8');
  const script = { script: listenersScript };
  const serverRuns = [wrk(serverUrl, listener, WARM_UP_S, script)];
  whileStopped(serverProcess, () => wrk(nginxUrl, listener, WARM_UP_S, script));
  const nginxRuns = [];
  // Short runs taken in turn, and the median of each side: other work on the machine then weighs on both alike. The
  // server process is stopped during nginx's runs (whileStopped): its counting runs in its own turns.
  for (let round = 0; round < ROUNDS; round++) {
    serverRuns.push(wrk(serverUrl, listener, RUN_S, script));
    nginxRuns.push(whileStopped(serverProcess, () => wrk(nginxUrl, listener, RUN_S, script)));
  }
  const server = median(serverRuns.slice(1));
  const nginx = median(nginxRuns);
  const redirects = serverRuns.reduce((sum, run) => sum + run.requests - run.notOk, 0);
  const cpuUs = (1000 * ((await cpuMs(serverProcess)) - cpuBefore)) / redirects;
  const postgresUs = (1000 * (await postgresCpuMsSince(postgresBefore))) / redirects;
  const writes =
    writeCallsOf(await readFile(`/proc/${serverProcess.pid}/io`, 'utf8')) - writeCallsOf(ioBefore);
  console.log(
    `${runtime}: CPU µs per 302 by thread: ${cpuUsPerRequestByThread(threadsBefore, await cpuMsByThread(serverProcess), redirects)}; PostgreSQL ${postgresUs.toFixed(1)}; write system calls per 302 ${(writes / redirects).toFixed(3)} (the 302's own, then the journal's appends and the COPYs' data)`,
  );
  return {
    row: {
      runtime,
      'req/s': Math.round(server.rps),
      'p99 ms': server.p99Ms,
      [`p99 < ${TARGET_P99_MS} ms`]: server.p99Ms < TARGET_P99_MS ? 'yes' : 'NO',
      'nginx req/s': Math.round(nginx.rps),
      'nginx p99 ms': nginx.p99Ms,
      [`ratio (≥ ${TARGET_RATIO})`]: Number((server.rps / nginx.rps).toFixed(3)),
      errors: [server.errors, nginx.errors].filter(Boolean).join('; '),
      'CPU µs per 302': Number(cpuUs.toFixed(1)),
    },
    redirects,
    // At the end of each run every connection may have a request in flight, and a request wrk gave up on (a
    // timeout, a reset) may have been recorded too: rows of requests wrk did not count.
    uncounted: serverRuns.reduce((sum, run) => sum + CONNECTIONS + run.socketErrors, 0),
  };
}

/** The write system calls a process has made (`syscw` of /proc/<pid>/io): sockets and files alike. */
function writeCallsOf(io) {
  return Number(/^syscw: (\d+)$/m.exec(io)?.[1] ?? Number.NaN);
}

/** Rows recorded with wrk's User-Agent, once the writer has settled (the same count twice, half a second apart). */
async function listenerRows(db) {
  const count = async () =>
    Number(
      (
        await db.query(
          'select count(*)::bigint as rows from analytics.download_requests where user_agent = $1',
          [LISTENER_USER_AGENT],
        )
      ).rows[0].rows,
    );
  let last = await count();
  return waitFor(
    'the download rows to stop growing',
    async () => {
      const now = await count();
      if (now === last) return now;
      last = now;
      return undefined;
    },
    30_000,
    500,
  );
}

/** Whether the counting has taken every request recorded so far (`counted_through` at or past the newest). */
async function countedUp(db) {
  const { rows } = await db.query(
    `select (select counted_through from analytics.download_counting where id = 1) >=
            (select max(occurred_at) from analytics.download_requests) as done`,
  );
  return rows[0].done === true;
}

/**
 * Waits until the counting (the process's DownloadCounter, every 10 s, requests once COUNT_SETTLE_MS old) has taken
 * every request recorded so far; answers the process's CPU ms (all threads) meanwhile, its CPU with no requests taken
 * out.
 */
async function waitForCounting(db, server, idleCpuMsPerS) {
  const cpuBefore = await cpuMs(server.child);
  const startedAt = Date.now();
  await waitFor('the counting to take every recorded request', () => countedUp(db), 300_000, 1_000);
  const elapsedS = (Date.now() - startedAt) / 1000;
  return (await cpuMs(server.child)) - cpuBefore - idleCpuMsPerS * elapsedS;
}

/**
 * Measures one process (pinned to the server core) against nginx, and checks that every 302 wrk counted has its
 * row; answers the table's row and the recording's. The counting of earlier requests (another process's) is over
 * before the runs and that of the runs' requests comes after them (COUNT_SETTLE_MS later), so each process is measured
 * alike: the redirect and its recording. The counting's CPU per request is measured after the runs, on its own.
 */
async function measureProcess(runtime, server, nginx, db, enclosurePath, location) {
  pinToServerCore(server.child);
  const rowsBefore = await listenerRows(db);
  if (!(await countedUp(db))) {
    console.log(`${runtime}: waiting for the counting of the requests recorded before it ...`);
    await waitForCounting(db, server, 0);
  }
  const rssBefore = await residentMb(server.child);
  // What the process does with no request at all (timers, pollers), which the CPU per 302 includes.
  const idleBefore = await cpuMsByThread(server.child);
  const idleCpuBefore = await cpuMs(server.child);
  await new Promise((done) => setTimeout(done, IDLE_SAMPLE_MS));
  const idleCpuMsPerS = ((await cpuMs(server.child)) - idleCpuBefore) / (IDLE_SAMPLE_MS / 1000);
  console.log(
    `${runtime} with no requests: CPU ms per second by thread: ${cpuUsPerRequestByThread(idleBefore, await cpuMsByThread(server.child), IDLE_SAMPLE_MS)}`,
  );
  const { row, redirects, uncounted } = await compare(
    runtime,
    server.child,
    `${server.baseUrl}${enclosurePath}`,
    `${nginx.baseUrl}${enclosurePath}`,
    location,
  );
  const rssAfter = await residentMb(server.child);
  const rows = (await listenerRows(db)) - rowsBefore;
  const { rows: variety } = await db.query(
    `select count(distinct address_day)::int as addresses, count(distinct country)::int as countries
       from analytics.download_requests where user_agent = $1`,
    [LISTENER_USER_AGENT],
  );
  console.log(
    `${runtime}: wrk's rows so far come from ${variety[0].addresses} listener addresses (keyed) in ${variety[0].countries} countries`,
  );
  const countingCpuMs = await waitForCounting(db, server, idleCpuMsPerS);
  console.log(
    `${runtime}: the counting took ${((1000 * countingCpuMs) / rows).toFixed(1)} µs of CPU per request afterwards (${rows} requests, its CPU with no requests taken out)`,
  );
  const recording = {
    runtime,
    '302s wrk counted': redirects,
    'rows written': rows,
    'rows of requests cut off at the ends of runs': rows - redirects,
  };
  console.log(`${runtime} resident memory: ${rssBefore} MB before the runs, ${rssAfter} MB after`);
  if (rows < redirects)
    throw new Error(`${runtime}: ${redirects - rows} of the ${redirects} redirects wrk counted have no row`);
  if (rows - redirects > uncounted)
    throw new Error(
      `${runtime}: ${rows} rows for ${redirects} redirects, more than the ${uncounted} requests wrk may have cut off`,
    );
  return { row, recording };
}

async function main() {
  requireTools();
  const workDir = await mkdtemp(join(tmpdir(), 'castbase-bench-downloads-'));
  await chmod(workDir, 0o755);
  listenersScript = join(workDir, 'listeners.lua');
  await writeFile(listenersScript, LISTENERS_SCRIPT);
  const benchDatabase = await createBenchDatabase();
  const db = new pg.Client({ connectionString: benchDatabase.url });
  const namespace = `bench_${randomBytes(4).toString('hex')}`;
  const signingKey = randomBytes(32).toString('base64url');
  const results = [];
  const recordings = [];
  let allInOne;
  let analytics;
  let nginx;
  let plainNode;
  let durableRedirect;
  try {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    console.log(`Starting the all-in-one process on ${publicUrl} (database ${benchDatabase.name}) ...`);
    allInOne = await startServer({
      name: 'all-in-one',
      script: 'apps/all-in-one/dist/main.js',
      port,
      workDir,
      env: {
        PUBLIC_URL: publicUrl,
        DATABASE_URL: benchDatabase.url,
        STORAGE_DIR: join(workDir, 'storage'),
        ANALYTICS_SPILL_DIR: join(workDir, 'spill-all-in-one'),
        ANALYTICS_COUNT_SETTLE_MS: String(COUNT_SETTLE_MS),
        AUTH_DEV_SIGNING_KEY: signingKey,
        RATE_LIMIT_PER_MINUTE: '100000',
      },
    });
    await db.connect();
    const token = await mintDevAccessToken(signingKey, {
      sub: 'bench-user',
      preferred_username: 'bench',
      name: 'Bench',
    });
    console.log('Seeding a podcast with one published episode ...');
    const { enclosurePath, location } = await Promise.race([
      seed(allInOne.baseUrl, api(allInOne.baseUrl, token), token),
      allInOne.exited,
    ]);
    nginx = await startRedirectingNginx(workDir, location);
    plainNode = await startPlainNode(location);
    console.log(`GET ${enclosurePath} → 302 ${location}`);
    console.log(
      `Bytes per answer: the product ${await responseBytes(allInOne.baseUrl, enclosurePath)}, ${await nginxVersion()} ${await responseBytes(nginx.baseUrl, enclosurePath)} (with its HTML body), plain node:http ${await responseBytes(plainNode.baseUrl, enclosurePath)}`,
    );
    console.log(
      `wrk: ${CONNECTIONS} connections, 1 thread on core ${LOAD_CORE}, User-Agent "${LISTENER_USER_AGENT}", ${ROUNDS} runs of ${RUN_S} s per side in turn after ${WARM_UP_S} s of warm-up; medians`,
    );

    pinToServerCore(allInOne.child);
    // The references, one at a time on the server core, each stopped once measured.
    for (const [runtime, reference] of [
      ['plain node:http (reference)', () => plainNode],
      [
        'durable redirect (reference)',
        async () => (durableRedirect = await startDurableRedirect(workDir, location)),
      ],
    ]) {
      const { child, baseUrl } = await reference();
      results.push((await compare(runtime, child, `${baseUrl}/`, `${nginx.baseUrl}/`, location)).row);
      await stopProcess(child);
    }
    const allInOneRun = await measureProcess('all-in-one', allInOne, nginx, db, enclosurePath, location);
    results.push(allInOneRun.row);
    recordings.push(allInOneRun.recording);
    console.table(results);
    console.table(recordings);
    await stopProcess(allInOne.child);
    if (process.env.BENCH_ONLY === 'all-in-one') return;

    const analyticsPort = await freePort();
    console.log(
      `Starting the analytics service alone on port ${analyticsPort} (same database, NATS at ${NATS_URL}) ...`,
    );
    analytics = await startServer({
      name: 'analytics',
      script: 'apps/analytics/dist/main.js',
      port: analyticsPort,
      workDir,
      // The media files (and so their URLs) are the all-in-one process's.
      env: {
        PUBLIC_URL: publicUrl,
        DATABASE_URL: benchDatabase.url,
        STORAGE_DIR: join(workDir, 'storage'),
        ANALYTICS_SPILL_DIR: join(workDir, 'spill-analytics'),
        ANALYTICS_COUNT_SETTLE_MS: String(COUNT_SETTLE_MS),
        NATS_URL,
        BUS_NAMESPACE: namespace,
      },
    });
    await expectRedirect(`${analytics.baseUrl}${enclosurePath}`, location);
    const analyticsRun = await measureProcess(
      'analytics alone',
      analytics,
      nginx,
      db,
      enclosurePath,
      location,
    );
    results.push(analyticsRun.row);
    recordings.push(analyticsRun.recording);
    console.table(results);
    console.table(recordings);
  } catch (error) {
    console.error(String(error?.stack ?? error), error?.cause ?? '');
    for (const server of [allInOne, analytics].filter(Boolean)) {
      const log = await readFile(server.logPath, 'utf8').catch(() => '');
      if (log)
        console.error(`--- last lines of ${server.logPath} ---\n${log.split('\n').slice(-40).join('\n')}`);
    }
    process.exitCode = 1;
  } finally {
    await stopProcess(allInOne?.child);
    await stopProcess(analytics?.child);
    await stopProcess(nginx?.child);
    await stopProcess(plainNode?.child);
    await stopProcess(durableRedirect?.child);
    await db.end().catch(() => undefined);
    await benchDatabase.dropAndClose();
    if (process.env.BENCH_KEEP) console.log(`Server logs and nginx files kept in ${workDir}`);
    else await rm(workDir, { recursive: true, force: true });
  }
}

await main();
