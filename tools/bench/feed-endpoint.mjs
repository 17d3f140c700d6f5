// Benchmark of the public feed endpoint, GET /feeds/{username}/{slug}.xml, on the built all-in-one process.
//
// Starts `node apps/all-in-one/dist/main.js` on embedded PostgreSQL under a temporary folder, seeds one podcast
// with published episodes through the REST API, waits for its feed, then runs autocannon against the feed with
// and without If-None-Match and with each content coding. It also times what compressing every response on the
// fly would cost (what the `compression` middleware would do) against the pre-compressed copies the feeds
// service keeps per ETag. Prints figures; asserts nothing.
//
//   npm run bench:feed                      (builds first)
//   BENCH_DURATION=10 BENCH_CONNECTIONS=50 BENCH_EPISODES=50 node tools/bench/feed-endpoint.mjs
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { MEDIA_UPLOAD_PATH } from '@castbase/contracts';
import { mintDevAccessToken } from '@castbase/platform-auth';
import { tusUpload } from '@castbase/platform-testing';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const EPISODES = Number(process.env.BENCH_EPISODES ?? 50);
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

function startAllInOne({ port, dataDir, signingKey }) {
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'NATS_URL', 'S3_BUCKET', 'OIDC_ISSUER_URL', 'OIDC_JWKS_URL'])
    delete env[name];
  Object.assign(env, {
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    EMBEDDED_PG_DIR: join(dataDir, 'postgres'),
    STORAGE_DIR: join(dataDir, 'storage'),
    AUTH_DEV_SIGNING_KEY: signingKey,
    // Request logs at info would measure the logger; production runs at warn by default.
    LOG_LEVEL: 'warn',
  });
  return freePort().then((pgPort) => {
    env.EMBEDDED_PG_PORT = String(pgPort);
    const logPath = join(dataDir, 'all-in-one.log');
    const log = createWriteStream(logPath);
    const child = spawn(process.execPath, ['apps/all-in-one/dist/main.js'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    return { child, logPath };
  });
}

async function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
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

async function seed(baseUrl, call, token) {
  const podcast = await call('POST', '/api/podcasts', {
    name: 'Benchmark Radio',
    description: 'A podcast made by tools/bench/feed-endpoint.mjs to measure the feed endpoint.',
    author: 'Castbase Bench',
  });
  const wav = toneWav();
  const upload = await tusUpload(`${baseUrl}${MEDIA_UPLOAD_PATH}`, token, {
    input: wav,
    fileName: 'tone.wav',
    fileType: 'audio/wav',
    purpose: 'episode-media',
  });
  if (upload.outcome !== 'finished') throw new Error(`upload ${upload.outcome}: ${JSON.stringify(upload)}`);
  const media = JSON.parse(upload.body);
  const showNotes = '<p>In this episode we talk about <b>feeds</b>, caching &amp; compression.</p>'.repeat(6);
  for (let number = 1; number <= EPISODES; number++) {
    const episode = await call('POST', `/api/podcasts/${podcast.id}/episodes`, {
      title: `Episode ${number}: measuring things`,
      description: showNotes,
      mediaId: media.id,
      episodeNumber: number,
    });
    await call('POST', `/api/episodes/${episode.id}/publish`);
  }
  const status = await waitFor(
    `the feed to list ${EPISODES} episodes`,
    async () => {
      const status = await call('GET', `/api/podcasts/${podcast.id}/feed`);
      return status.episodeCount === EPISODES ? status : undefined;
    },
    60_000,
  );
  return new URL(status.url).pathname;
}

async function run(title, url, headers) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  const responses = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  return {
    scenario: title,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'bytes/response': responses ? Math.round(result.throughput.total / responses) : 0,
    'MB/s': (result.throughput.average / 1e6).toFixed(1),
    statuses: ['2xx', '3xx', '4xx', '5xx']
      .filter((k) => result[k] > 0)
      .map((k) => `${k}:${result[k]}`)
      .join(' '),
    errors: result.errors + result.timeouts,
  };
}

/** Responses per second one core could compress if every response were compressed on the fly. */
function onTheFlyCompression(xml) {
  const measure = (name, compress) => {
    let output = compress();
    const started = process.hrtime.bigint();
    let iterations = 0;
    while (process.hrtime.bigint() - started < 1_000_000_000n) {
      output = compress();
      iterations++;
    }
    const msEach = Number(process.hrtime.bigint() - started) / 1e6 / iterations;
    return {
      coding: name,
      'ms/response': msEach.toFixed(3),
      'max responses/s per core': Math.round(1000 / msEach),
      'bytes/response': output.length,
    };
  };
  return [
    measure('gzip level 6 (compression middleware default)', () => gzipSync(xml, { level: 6 })),
    measure('brotli quality 11 (zlib default)', () => brotliCompressSync(xml)),
    measure('brotli quality 9 (once per ETag here)', () =>
      brotliCompressSync(xml, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
      }),
    ),
    measure('gzip level 9 (once per ETag here)', () => gzipSync(xml, { level: 9 })),
  ];
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'castbase-bench-'));
  // Run as root, embedded PostgreSQL drops to a `postgres` user, which must be able to reach its data folder.
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const signingKey = randomBytes(32).toString('base64url');
  const { child, logPath } = await startAllInOne({ port, dataDir, signingKey });
  const exited = new Promise((_, reject) =>
    child.once('exit', (code) => reject(new Error(`all-in-one exited with ${code}; log: ${logPath}`))),
  );
  exited.catch(() => undefined);
  try {
    console.log(`Starting the all-in-one process on ${baseUrl} (data under ${dataDir}) ...`);
    await Promise.race([
      waitFor(
        'the process to be live',
        async () => (await fetch(`${baseUrl}/health/live`)).ok,
        STARTUP_TIMEOUT_MS,
      ),
      exited,
    ]);

    const token = await mintDevAccessToken(signingKey, {
      sub: 'bench-user',
      preferred_username: 'bench',
      name: 'Bench',
    });
    const call = api(baseUrl, token);
    console.log(`Seeding a podcast with ${EPISODES} published episodes ...`);
    const feedPath = await Promise.race([seed(baseUrl, call, token), exited]);
    const feedUrl = `${baseUrl}${feedPath}`;
    const first = await fetch(feedUrl, { headers: { 'accept-encoding': 'identity' } });
    const xml = Buffer.from(await first.arrayBuffer());
    const etag = first.headers.get('etag');
    console.log(`Feed ${feedPath}: ${first.status}, ${xml.length} bytes, ETag ${etag}`);
    const brEtag = (
      await fetch(feedUrl, { method: 'HEAD', headers: { 'accept-encoding': 'br' } })
    ).headers.get('etag');

    console.log(
      `\nautocannon: ${CONNECTIONS} connections, ${DURATION_S} s each; Node ${process.version}, ${availableParallelism()} CPUs shared by client and server`,
    );
    const results = [];
    results.push(await run('GET, identity', feedUrl, {}));
    results.push(await run('GET + If-None-Match (304)', feedUrl, { 'if-none-match': etag }));
    results.push(await run('GET, Accept-Encoding gzip', feedUrl, { 'accept-encoding': 'gzip' }));
    results.push(await run('GET, Accept-Encoding br, gzip', feedUrl, { 'accept-encoding': 'br, gzip' }));
    results.push(
      await run('GET br + If-None-Match (304)', feedUrl, {
        'accept-encoding': 'br, gzip',
        'if-none-match': brEtag,
      }),
    );
    console.table(results);

    console.log('\nCompressing each response on the fly instead (this feed, one core, in this process):');
    console.table(onTheFlyCompression(xml));
  } catch (error) {
    console.error(String(error?.stack ?? error));
    const log = await readFile(logPath, 'utf8').catch(() => '');
    if (log) console.error(`--- last lines of ${logPath} ---\n${log.split('\n').slice(-40).join('\n')}`);
    process.exitCode = 1;
  } finally {
    await stopProcess(child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
