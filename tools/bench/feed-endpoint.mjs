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
//    BENCH_ROUNDS (5) short runs taken in turn; the median of each side is printed (the machine may be busy).
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
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { MEDIA_UPLOAD_PATH } from '@castbase/contracts';
import { mintDevAccessToken } from '@castbase/platform-auth';
import { tusUpload } from '@castbase/platform-testing';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARM_UP_S = Number(process.env.BENCH_WARM_UP ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const RUN_S = Math.max(1, Math.round(DURATION_S / ROUNDS));
const EPISODES = Number(process.env.BENCH_EPISODES ?? 300);
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF;
const SERVER_CORE = '0';
const LOAD_CORE = '1';
const STARTUP_TIMEOUT_MS = 180_000;
const repoRoot = resolve(import.meta.dirname, '../..');

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** Polls `probe` until it returns something other than undefined/false. */
async function waitFor(what, probe, timeoutMs, intervalMs = 200) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${what}${lastError ? `: ${lastError.message}` : ''}`);
    await new Promise((done) => setTimeout(done, intervalMs));
  }
}

function requireTools() {
  for (const tool of ['nginx', 'wrk', 'taskset']) {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    } catch {
      throw new Error(`${tool} is not installed: apt-get install -y nginx wrk util-linux`);
    }
  }
}

/** One second of 8 kHz mono 16-bit PCM (a 440 Hz tone) as a WAV file: a real file for the media service to probe. */
function toneWav(seconds = 1, sampleRate = 8000) {
  const samples = seconds * sampleRate;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    wav.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)), 44 + i * 2);
  return wav;
}

/** Starts `script` with Node (on every core: seeding goes faster; see pinToServerCore); its output goes to `<workDir>/<name>.log`. */
async function startServer({ name, script, port, env: extraEnv, workDir }) {
  const env = { ...process.env };
  for (const variable of [
    'DATABASE_URL',
    'NATS_URL',
    'S3_BUCKET',
    'OIDC_ISSUER_URL',
    'OIDC_JWKS_URL',
    'LOG_LEVEL',
  ])
    delete env[variable];
  Object.assign(env, { PORT: String(port), ...extraEnv });
  const logPath = join(workDir, `${name}.log`);
  const log = createWriteStream(logPath);
  const nodeFlags = [
    ...(CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${resolve(CPU_PROFILE_DIR)}`] : []),
    ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
  ];
  const child = spawn(process.execPath, [...nodeFlags, script], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise((_, reject) =>
    child.once('exit', (code) =>
      readFile(logPath, 'utf8')
        .catch(() => '')
        .then((log) =>
          reject(
            new Error(
              `${name} exited with ${code}; last lines of its log:\n${log.split('\n').slice(-30).join('\n')}`,
            ),
          ),
        ),
    ),
  );
  exited.catch(() => undefined);
  const baseUrl = `http://127.0.0.1:${port}`;
  await Promise.race([
    waitFor(
      `${name} to be ready`,
      async () => (await fetch(`${baseUrl}/health/ready`)).ok,
      STARTUP_TIMEOUT_MS,
    ),
    exited,
  ]);
  return { child, baseUrl, logPath, exited };
}

/** Moves every thread of a running process (libuv's pool too) to the server core, before it is measured. */
function pinToServerCore(child) {
  execFileSync('taskset', ['-a', '-p', '-c', SERVER_CORE, String(child.pid)], { stdio: 'ignore' });
}

/** The process's resident memory in MB, from /proc. */
async function residentMb(child) {
  const status = await readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => '');
  const kb = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
  return Number.isNaN(kb) ? undefined : Math.round(kb / 1024);
}

async function stopProcess(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

function api(baseUrl, token) {
  return async function call(method, path, body) {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
}

/** One podcast with EPISODES published episodes, created as a creator would through the API; answers its feed path. */
async function seed(baseUrl, call, token) {
  const podcast = await call('POST', '/api/podcasts', {
    name: 'Benchmark Radio',
    description: 'A podcast made by tools/bench/feed-endpoint.mjs to measure the feed endpoint.',
    author: 'Castbase Bench',
  });
  const upload = await tusUpload(`${baseUrl}${MEDIA_UPLOAD_PATH}`, token, {
    input: toneWav(),
    fileName: 'tone.wav',
    fileType: 'audio/wav',
    purpose: 'episode-media',
  });
  if (upload.outcome !== 'finished') throw new Error(`upload ${upload.outcome}: ${JSON.stringify(upload)}`);
  const media = JSON.parse(upload.body);
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
  const port = await freePort();
  const conf = join(workDir, 'nginx.conf');
  await writeFile(
    conf,
    `worker_processes 1;
daemon off;
pid ${join(workDir, 'nginx.pid')};
error_log ${join(workDir, 'nginx-error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  types { application/rss+xml xml; }
  client_body_temp_path ${join(workDir, 'nginx-body')};
  proxy_temp_path ${join(workDir, 'nginx-proxy')};
  fastcgi_temp_path ${join(workDir, 'nginx-fastcgi')};
  uwsgi_temp_path ${join(workDir, 'nginx-uwsgi')};
  scgi_temp_path ${join(workDir, 'nginx-scgi')};
  server {
    listen 127.0.0.1:${port};
    root ${root};
    gzip_static on;
    gzip_vary on;
    add_header Cache-Control "public, max-age=300";
  }
}
`,
  );
  const child = spawn('taskset', ['-c', SERVER_CORE, 'nginx', '-c', conf, '-p', workDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`nginx to answer (${stderr})`, async () => (await fetch(`${baseUrl}${feedPath}`)).ok, 10_000);
  return { child, baseUrl };
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

/** wrk on the load core; answers req/s, p99 in ms and the statuses seen. */
function wrk(url, headers, durationS) {
  const args = ['-c', LOAD_CORE, 'wrk', '-t1', `-c${CONNECTIONS}`, `-d${durationS}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  args.push(url);
  const output = execFileSync('taskset', args, { encoding: 'utf8' });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]);
  const p99 = /^\s+99%\s+([\d.]+)(us|ms|s)\s*$/m.exec(output);
  const p99Ms = p99 ? Number(p99[1]) * { us: 0.001, ms: 1, s: 1000 }[p99[2]] : NaN;
  const errors = /Non-2xx or 3xx responses: (\d+)|Socket errors: (.*)/.exec(output)?.[0] ?? '';
  return { rps, p99Ms, errors };
}

/**
 * One request on a connection of its own (a pooled keep-alive connection may have been closed by the server during
 * a run): the status, the ETag and the body exactly as sent (fetch would decode gzip).
 */
function probe(url, headers) {
  return new Promise((resolveResponse, reject) => {
    request(url, { headers, agent: false }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        resolveResponse({
          status: response.statusCode,
          etag: response.headers.etag,
          lastModified: response.headers['last-modified'],
          length: body.length,
          body,
        });
      });
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** The median run's req/s and the median p99 (each taken on its own), with every run's errors. */
function median(runs) {
  const middle = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return {
    rps: middle(runs.map((run) => run.rps)),
    p99Ms: middle(runs.map((run) => run.p99Ms)),
    errors: runs
      .map((run) => run.errors)
      .filter(Boolean)
      .join('; '),
  };
}

/** Measures one scenario on the server and then on nginx, after checking that both answer it with `expectedStatus`. */
async function compare(runtime, scenario, serverUrl, nginxUrl, serverHeaders, nginxHeaders, expectedStatus) {
  for (const [url, headers] of [
    [serverUrl, serverHeaders],
    [nginxUrl, nginxHeaders],
  ]) {
    const { status } = await probe(url, { ...headers });
    if (status !== expectedStatus)
      throw new Error(`${url} answered ${status} for ${scenario}, not ${expectedStatus}`);
  }
  wrk(serverUrl, serverHeaders, WARM_UP_S);
  wrk(nginxUrl, nginxHeaders, WARM_UP_S);
  // Short runs taken in turn, and the median of each side: other work on the machine then weighs on both alike.
  const serverRuns = [];
  const nginxRuns = [];
  for (let round = 0; round < ROUNDS; round++) {
    serverRuns.push(wrk(serverUrl, serverHeaders, RUN_S));
    nginxRuns.push(wrk(nginxUrl, nginxHeaders, RUN_S));
  }
  const server = median(serverRuns);
  const nginx = median(nginxRuns);
  return {
    runtime,
    path: scenario,
    'req/s': Math.round(server.rps),
    'p99 ms': server.p99Ms,
    'nginx req/s': Math.round(nginx.rps),
    'nginx p99 ms': nginx.p99Ms,
    'ratio (≥ 0.5)': Number((server.rps / nginx.rps).toFixed(2)),
    errors: [server.errors, nginx.errors].filter(Boolean).join('; '),
  };
}

async function measure(runtime, serverBase, nginx, feedPath) {
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
    ),
    await compare(
      runtime,
      'If-None-Match 304',
      `${serverBase}${feedPath}`,
      `${nginx.baseUrl}${feedPath}`,
      { ...gzip, 'If-None-Match': serverEtag },
      { ...gzip, 'If-None-Match': nginxEtag },
      304,
    ),
  ];
}

async function main() {
  requireTools();
  const workDir = await mkdtemp(join(tmpdir(), 'castbase-bench-feed-'));
  await chmod(workDir, 0o755);
  const database = `castbase_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${database}"`);
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${database}`;
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
    results.push(...(await measure('plain node:http (reference)', plainNode.baseUrl, nginx, feedPath)));
    await stopProcess(plainNode.child);
    const allInOneRss = await residentMb(allInOne.child);
    results.push(...(await measure('all-in-one', allInOne.baseUrl, nginx, feedPath)));
    console.table(results);
    console.log(
      `all-in-one resident memory: ${allInOneRss} MB before the runs, ${await residentMb(allInOne.child)} MB after`,
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
    if (!served.body.equals(xml.body))
      throw new Error(
        `the feeds service answers ${served.status} with other bytes than the all-in-one process`,
      );
    const feedsRss = await residentMb(feeds.child);
    results.push(...(await measure('feeds alone', feeds.baseUrl, nginx, feedPath)));
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
    await admin.query(`drop database if exists "${database}" with (force)`).catch(() => undefined);
    await admin.end();
    if (process.env.BENCH_KEEP) console.log(`Server logs and nginx files kept in ${workDir}`);
    else await rm(workDir, { recursive: true, force: true });
  }
}

await main();
