// Benchmark of the public feed endpoint, GET /feeds/{username}/{slug}.xml, against nginx serving the same bytes.
//
// 1. Creates a fresh database on the machine's PostgreSQL and starts the built all-in-one process on it (in-process
//    bus, every other piece on its defaults), pinned to core 0. Seeds one podcast with BENCH_EPISODES (300) published
//    episodes through the REST API and waits for its main feed (about 350 KB).
// 2. Writes that feed and the server's own gzip copy of it under a temporary folder and starts nginx on the same
//    core 0 with `gzip_static on` (its ETag is the file's, which it answers If-None-Match with).
//    A bare node:http server answering those bytes from memory on the same core is measured too: what Node itself
//    can do here, the reference for the product's own route.
// 3. wrk, pinned to core 1, 64 connections, one thread: the gzip path (Accept-Encoding: gzip) and the 304 path
//    (If-None-Match with the current gzip ETag), against the process and against nginx, each after a warm-up, in
//    BENCH_ROUNDS (5) short runs taken in turn; the median of each side is printed (the machine may be busy). The
//    server process is stopped (SIGSTOP) during nginx's runs: the all-in-one's analytics keeps writing the feed
//    requests of its run after it, and that work must weigh on the product's figures, not on nginx's.
// 4. Stops the all-in-one process and starts the feeds service alone (`apps/feeds/dist/main.js`) on the same
//    database and on NATS JetStream (NATS_URL, else nats://127.0.0.1:4222), and measures it the same way.
//
// Needs nginx, wrk and taskset (apt-get install nginx wrk); the tests never do. Prints figures; asserts nothing.
//
//   npm run bench:feed                                 (builds the services first)
//   BENCH_DURATION=10 BENCH_CONNECTIONS=64 BENCH_EPISODES=300 node_modules/.bin/node tools/bench/feed-endpoint.mjs
//   BENCH_CPU_PROF=/tmp/profiles   each server process writes a V8 CPU profile there when it stops
//   BENCH_NODE_FLAGS=--trace-gc    Node flags for the server processes
//   BENCH_KEEP=1                   keeps the temporary folder (the server logs)
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { mintDevAccessToken } from '@castbase/platform-auth';
import {
  api,
  CONNECTIONS,
  createBenchDatabase,
  freePort,
  LOAD_CORE,
  median,
  NATS_URL,
  pinToServerCore,
  postgresCpuMs,
  postgresCpuMsSince,
  probe,
  requireTools,
  cpuMs,
  cpuMsByThread,
  cpuUsPerRequestByThread,
  residentMb,
  ROUNDS,
  RUN_S,
  SERVER_CORE,
  startNginx as startNginxOnServerCore,
  startServer,
  stopProcess,
  waitFor,
  whileStopped,
  WARM_UP_S,
  wrk,
  benchPodcastWithTone,
} from './support/bench-kit.mjs';

const EPISODES = Number(process.env.BENCH_EPISODES ?? 300);

/** One podcast with EPISODES published episodes, created as a creator would through the API; answers its feed path. */
async function seed(baseUrl, call, token) {
  const { podcast, media } = await benchPodcastWithTone(
    baseUrl,
    call,
    token,
    'A podcast made by tools/bench/feed-endpoint.mjs to measure the feed endpoint.',
  );
  const showNotes =
    '<p>In this episode we talk about <b>feeds</b>, caching &amp; compression, and what podcast apps ask for.</p>';
  const createAndPublish = async (number) => {
    const episode = await call('POST', `/api/podcasts/${podcast.id}/episodes`, {
      title: `Episode ${number}: measuring things`,
      // A line of its own per episode, so the feed compresses about as well as a real one (not 25 times).
      description: `${showNotes}<p>Notes ${number}: ${randomBytes(96).toString('base64')}</p>`,
      mediaId: media.id,
      episodeNumber: number,
    });
    await call('POST', `/api/episodes/${episode.id}/publish`);
  };
  const numbers = Array.from({ length: EPISODES }, (_, i) => i + 1);
  for (let start = 0; start < numbers.length; start += 4)
    await Promise.all(numbers.slice(start, start + 4).map(createAndPublish));
  await waitFor(
    `the feed to list ${EPISODES} episodes`,
    async () => {
      const status = await call('GET', `/api/podcasts/${podcast.id}/feed`);
      return status.episodeCount === EPISODES && !status.needsUpdate ? status : undefined;
    },
    120_000,
  );
  // Media processing (each episode's published file) goes on for a while after publishing and renders the feed
  // again as it finishes: measure once the feed has kept its ETag for five seconds.
  let stableSince = Date.now();
  let lastEtag;
  const status = await waitFor(
    'the feed to stop changing',
    async () => {
      const status = await call('GET', `/api/podcasts/${podcast.id}/feed`);
      const { etag } = await probe(status.url, {});
      if (etag !== lastEtag) [lastEtag, stableSince] = [etag, Date.now()];
      return Date.now() - stableSince >= 5_000 ? status : undefined;
    },
    300_000,
    1_000,
  );
  return new URL(status.url).pathname;
}

/** nginx on the server core, serving `xml` and `gzipped` at `feedPath` with gzip_static, as a static site would. */
async function startNginx({ workDir, feedPath, xml, gzipped }) {
  const root = join(workDir, 'nginx-root');
  const file = join(root, feedPath);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, xml);
  await writeFile(`${file}.gz`, gzipped);
  return startNginxOnServerCore({
    workDir,
    httpDirectives: `  sendfile on;
  tcp_nopush on;
  types { application/rss+xml xml; }`,
    serverDirectives: `    root ${root};
    gzip_static on;
    gzip_vary on;
    add_header Cache-Control "public, max-age=300";`,
    readyPath: feedPath,
  });
}

/**
 * The reference for what Node itself can do here: a bare `node:http` server on the server core answering the same
 * bytes from memory with the same headers (a 304 when If-None-Match is the gzip tag), nothing else.
 */
async function startPlainNode({ workDir, feedPath, gzipped, etag, lastModified }) {
  const body = join(workDir, 'plain-node-body.gz');
  await writeFile(body, gzipped);
  const port = await freePort();
  const script = `
    const { createServer } = require('node:http');
    const body = require('node:fs').readFileSync(${JSON.stringify(body)});
    const common = { 'Cache-Control': 'public, max-age=300', ETag: ${JSON.stringify(etag)},
      'Last-Modified': ${JSON.stringify(lastModified)}, Vary: 'Accept-Encoding' };
    const ok = { ...common, 'Content-Type': 'application/rss+xml; charset=utf-8', 'Content-Encoding': 'gzip',
      'Content-Length': String(body.length) };
    createServer((request, response) => {
      if (request.url !== ${JSON.stringify(feedPath)}) return response.writeHead(404).end();
      if (request.headers['if-none-match'] === common.ETag) return response.writeHead(304, common).end();
      response.writeHead(200, ok).end(body);
    }).listen(${port}, '127.0.0.1');`;
  const child = spawn('taskset', ['-c', SERVER_CORE, process.execPath, '-e', script], { stdio: 'ignore' });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(
    'the plain node:http server',
    async () => (await probe(`${baseUrl}${feedPath}`, {})).status === 200,
    10_000,
  );
  return { child, baseUrl };
}

/**
 * Measures one scenario on the server and then on nginx, after checking that both answer it with `expectedStatus`.
 * With the server's process, also its CPU (all threads) per request over its runs, warm-up and nginx's turns included:
 * steadier than req/s on a shared machine.
 */
async function compare(
  runtime,
  scenario,
  serverUrl,
  nginxUrl,
  serverHeaders,
  nginxHeaders,
  expectedStatus,
  serverProcess,
) {
  for (const [url, headers] of [
    [serverUrl, serverHeaders],
    [nginxUrl, nginxHeaders],
  ]) {
    const { status } = await probe(url, { ...headers });
    if (status !== expectedStatus)
      throw new Error(`${url} answered ${status} for ${scenario}, not ${expectedStatus}`);
  }
  const cpuBefore = await cpuMs(serverProcess);
  const threadsBefore = await cpuMsByThread(serverProcess);
  const postgresBefore = await postgresCpuMs();
  const serverWarmUp = wrk(serverUrl, serverHeaders, WARM_UP_S);
  whileStopped(serverProcess, () => wrk(nginxUrl, nginxHeaders, WARM_UP_S));
  // Short runs taken in turn, and the median of each side: other work on the machine then weighs on both alike. The
  // server process is stopped during nginx's runs (whileStopped).
  const serverRuns = [];
  const nginxRuns = [];
  for (let round = 0; round < ROUNDS; round++) {
    serverRuns.push(wrk(serverUrl, serverHeaders, RUN_S));
    nginxRuns.push(whileStopped(serverProcess, () => wrk(nginxUrl, nginxHeaders, RUN_S)));
  }
  const server = median(serverRuns);
  const nginx = median(nginxRuns);
  const requests = [serverWarmUp, ...serverRuns].reduce((sum, run) => sum + run.requests, 0);
  const cpuPerRequestUs = (1000 * ((await cpuMs(serverProcess)) - cpuBefore)) / requests;
  const postgresUs = (1000 * (await postgresCpuMsSince(postgresBefore))) / requests;
  console.log(
    `${runtime}, ${scenario}: CPU µs per request by thread: ${cpuUsPerRequestByThread(threadsBefore, await cpuMsByThread(serverProcess), requests)}; PostgreSQL ${postgresUs.toFixed(1)}`,
  );
  return {
    runtime,
    path: scenario,
    'req/s': Math.round(server.rps),
    'p99 ms': server.p99Ms,
    'nginx req/s': Math.round(nginx.rps),
    'nginx p99 ms': nginx.p99Ms,
    'ratio (≥ 0.5)': Number((server.rps / nginx.rps).toFixed(2)),
    errors: [server.errors, nginx.errors].filter(Boolean).join('; '),
    'CPU µs per request': Number(cpuPerRequestUs.toFixed(1)),
  };
}

async function measure(runtime, serverProcess, serverBase, nginx, feedPath) {
  const gzip = { 'Accept-Encoding': 'gzip' };
  const serverEtag = (await probe(`${serverBase}${feedPath}`, gzip)).etag;
  const nginxEtag = (await probe(`${nginx.baseUrl}${feedPath}`, gzip)).etag;
  return [
    await compare(
      runtime,
      'gzip 200',
      `${serverBase}${feedPath}`,
      `${nginx.baseUrl}${feedPath}`,
      gzip,
      gzip,
      200,
      serverProcess,
    ),
    await compare(
      runtime,
      'If-None-Match 304',
      `${serverBase}${feedPath}`,
      `${nginx.baseUrl}${feedPath}`,
      { ...gzip, 'If-None-Match': serverEtag },
      { ...gzip, 'If-None-Match': nginxEtag },
      304,
      serverProcess,
    ),
  ];
}

async function main() {
  requireTools();
  const workDir = await mkdtemp(join(tmpdir(), 'castbase-bench-feed-'));
  await chmod(workDir, 0o755);
  const benchDatabase = await createBenchDatabase();
  const database = benchDatabase.name;
  const databaseUrl = new URL(benchDatabase.url);
  const namespace = `bench_${randomBytes(4).toString('hex')}`;
  const signingKey = randomBytes(32).toString('base64url');
  const results = [];
  let allInOne;
  let feeds;
  let nginx;
  let plainNode;
  try {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    console.log(`Starting the all-in-one process on ${publicUrl} (database ${database}) ...`);
    allInOne = await startServer({
      name: 'all-in-one',
      script: 'apps/all-in-one/dist/main.js',
      port,
      workDir,
      env: {
        PUBLIC_URL: publicUrl,
        DATABASE_URL: databaseUrl.href,
        STORAGE_DIR: join(workDir, 'storage'),
        AUTH_DEV_SIGNING_KEY: signingKey,
        // Seeding makes 600 API calls in a minute or two.
        RATE_LIMIT_PER_MINUTE: '100000',
      },
    });
    const token = await mintDevAccessToken(signingKey, {
      sub: 'bench-user',
      preferred_username: 'bench',
      name: 'Bench',
    });
    console.log(`Seeding a podcast with ${EPISODES} published episodes ...`);
    const feedPath = await Promise.race([
      seed(allInOne.baseUrl, api(allInOne.baseUrl, token), token),
      allInOne.exited,
    ]);
    const xml = await probe(`${allInOne.baseUrl}${feedPath}`, { 'Accept-Encoding': 'identity' });
    const gzipped = await probe(`${allInOne.baseUrl}${feedPath}`, { 'Accept-Encoding': 'gzip' });
    console.log(
      `Feed ${feedPath}: ${xml.length} bytes, ${gzipped.length} gzipped (ETags ${xml.etag}, ${gzipped.etag})`,
    );
    nginx = await startNginx({ workDir, feedPath, xml: xml.body, gzipped: gzipped.body });
    console.log(
      `nginx ${execFileSync('nginx', ['-v'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) || ''}serves the same bytes on ${nginx.baseUrl}`,
    );
    plainNode = await startPlainNode({
      workDir,
      feedPath,
      gzipped: gzipped.body,
      etag: gzipped.etag,
      lastModified: gzipped.lastModified,
    });
    console.log(
      `wrk: ${CONNECTIONS} connections, 1 thread on core ${LOAD_CORE}, ${ROUNDS} runs of ${RUN_S} s per side in turn after ${WARM_UP_S} s of warm-up; medians`,
    );

    pinToServerCore(allInOne.child);
    results.push(
      ...(await measure('plain node:http (reference)', plainNode.child, plainNode.baseUrl, nginx, feedPath)),
    );
    await stopProcess(plainNode.child);
    const allInOneRss = await residentMb(allInOne.child);
    results.push(...(await measure('all-in-one', allInOne.child, allInOne.baseUrl, nginx, feedPath)));
    console.table(results);
    console.log(
      `all-in-one resident memory: ${allInOneRss} MB before the runs, ${await residentMb(allInOne.child)} MB after`,
    );
    // What the feeds service must answer: the all-in-one's feed as it is now. A late regeneration (media processing
    // finishing after the five steady seconds) may have changed it since it was captured for nginx.
    const latestXml = await probe(`${allInOne.baseUrl}${feedPath}`, { 'Accept-Encoding': 'identity' });
    if (!latestXml.body.equals(xml.body))
      console.log(
        `The feed changed during the all-in-one's runs (ETag ${xml.etag} → ${latestXml.etag}); nginx served the first.`,
      );
    await stopProcess(allInOne.child);

    const feedsPort = await freePort();
    console.log(
      `Starting the feeds service alone on port ${feedsPort} (same database, NATS at ${NATS_URL}) ...`,
    );
    feeds = await startServer({
      name: 'feeds',
      script: 'apps/feeds/dist/main.js',
      port: feedsPort,
      workDir,
      // The stored feeds (rss/ in object storage) are the all-in-one process's.
      env: {
        PUBLIC_URL: publicUrl,
        DATABASE_URL: databaseUrl.href,
        STORAGE_DIR: join(workDir, 'storage'),
        NATS_URL,
        BUS_NAMESPACE: namespace,
      },
    });
    pinToServerCore(feeds.child);
    const served = await probe(`${feeds.baseUrl}${feedPath}`, { 'Accept-Encoding': 'identity' });
    if (!served.body.equals(latestXml.body))
      throw new Error(
        `the feeds service answers ${served.status} with other bytes than the all-in-one process`,
      );
    const feedsRss = await residentMb(feeds.child);
    results.push(...(await measure('feeds alone', feeds.child, feeds.baseUrl, nginx, feedPath)));
    console.log(
      `feeds service resident memory: ${feedsRss} MB before the runs, ${await residentMb(feeds.child)} MB after`,
    );
    console.table(results);
  } catch (error) {
    console.error(String(error?.stack ?? error), error?.cause ?? '');
    for (const server of [allInOne, feeds].filter(Boolean)) {
      const log = await readFile(server.logPath, 'utf8').catch(() => '');
      if (log)
        console.error(`--- last lines of ${server.logPath} ---\n${log.split('\n').slice(-40).join('\n')}`);
    }
    process.exitCode = 1;
  } finally {
    await stopProcess(allInOne?.child);
    await stopProcess(feeds?.child);
    await stopProcess(nginx?.child);
    await stopProcess(plainNode?.child);
    await benchDatabase.dropAndClose();
    if (process.env.BENCH_KEEP) console.log(`Server logs and nginx files kept in ${workDir}`);
    else await rm(workDir, { recursive: true, force: true });
  }
}

await main();
