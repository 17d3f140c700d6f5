// Benchmark of resumable uploads into the media service process (apps/media/dist/main.js), beside its reference: a
// plain Node HTTP server that appends each request's body to a file (Node writing the same bytes to disk). Both
// receive the same 500 MB WAV from the same client, in the same 5 MB PATCH requests over one keep-alive connection;
// servers run on core 0 and the client on core 1 (taskset) when the machine has two cores. Rounds alternate.
// Prints MB/s of each with the ratio (target ≥ 0.8×), and the media process's peak resident memory (VmHWM, target
// < 200 MB) for the whole run, which ends only when the uploaded file is processed.
//
// Needs the machine's PostgreSQL (127.0.0.1:5432, or BENCH_DATABASE_URL) and NATS (127.0.0.1:4222, or
// BENCH_NATS_URL): the media service runs as it does in Kubernetes, alone. Asserts nothing.
//
//   npm run bench:upload                   (builds first)
//   BENCH_MB=200 BENCH_ROUNDS=2 node tools/bench/upload.mjs
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { MEDIA_UPLOAD_PATH, UPLOAD_CHUNK_BYTES } from '@castbase/contracts';
import { mintDevAccessToken } from '@castbase/platform-auth';
import { resolveFfmpegBinaries, runFfmpeg } from '@castbase/platform-ffmpeg';
import { freePort, waitFor } from '@castbase/platform-testing';

const FILE_MB = Number(process.env.BENCH_MB ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
const repoRoot = resolve(import.meta.dirname, '../..');

// The client runs on core 1 and the servers on core 0: re-run this script pinned when it is not.
const pinned =
  process.env.BENCH_PINNED === '1' ||
  (availableParallelism() >= 2 && spawnSync('taskset', ['-V']).status === 0);
if (pinned && process.env.BENCH_PINNED !== '1') {
  const child = spawnSync('taskset', ['-c', '1', process.execPath, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_PINNED: '1' },
  });
  process.exit(child.status ?? 1);
}
const onServerCore = (command, args) =>
  pinned ? ['taskset', ['-c', '0', command, ...args]] : [command, args];

// The media process starts with the Node flags the container gives it (docker/entrypoint.sh); BENCH_MEDIA_NODE_FLAGS
// replaces them, to compare ('' for none).
const entrypointFlags = /^MEDIA_NODE_FLAGS="([^"]*)"$/m.exec(
  await readFile(join(repoRoot, 'docker/entrypoint.sh'), 'utf8'),
)?.[1];
if (entrypointFlags === undefined) throw new Error('docker/entrypoint.sh no longer sets MEDIA_NODE_FLAGS');
const mediaNodeFlags = (process.env.BENCH_MEDIA_NODE_FLAGS ?? entrypointFlags).split(' ').filter(Boolean);

const work = await mkdtemp(join(tmpdir(), 'castbase-bench-upload-'));
const wav = join(work, 'episode.wav');
// 48 kHz stereo 16-bit PCM: 192,000 bytes a second.
await runFfmpeg(resolveFfmpegBinaries(), [
  ...['-f', 'lavfi', '-i', 'sine=frequency=220:sample_rate=48000'],
  ...['-t', String(Math.floor((FILE_MB * 1_000_000) / 192_000)), '-ac', '2', '-c:a', 'pcm_s16le', wav],
]);
const size = (await stat(wav)).size;
const megabytes = size / 1_000_000;

/** Sends the file in 5 MB PATCH requests to `url`, one after another on one connection; resolves the last response's body. */
async function sendChunks(url, headers) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let body = '';
  chunkMs = [];
  for (let offset = 0; offset < size; offset += UPLOAD_CHUNK_BYTES) {
    const end = Math.min(size, offset + UPLOAD_CHUNK_BYTES);
    if (offset > 0) chunkMs.push(performance.now() - lastChunkStarted);
    lastChunkStarted = performance.now();
    body = await new Promise((done, fail) => {
      const patch = request(url, {
        method: 'PATCH',
        agent,
        headers: {
          ...headers,
          'tus-resumable': '1.0.0',
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(end - offset),
        },
      });
      patch.on('error', fail);
      patch.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk) => (text += chunk));
        response.on('end', () =>
          response.statusCode < 300 ? done(text) : fail(new Error(`${response.statusCode}: ${text}`)),
        );
      });
      createReadStream(wav, { start: offset, end: end - 1 }).pipe(patch);
    });
  }
  agent.destroy();
  lastChunkMs = performance.now() - lastChunkStarted;
  return body;
}
/** How long the last PATCH took: for the media service, it includes the completion (kind, original stored). */
let lastChunkMs = 0;
let lastChunkStarted = 0;
/** How long each PATCH but the last took, of the latest upload. */
let chunkMs = [];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The reference: every request's body appended to one file, as plainly as Node can. */
async function startReference() {
  const port = await freePort();
  const target = join(work, 'reference.bin');
  const script = `
    const { createServer } = require('node:http');
    const { createWriteStream } = require('node:fs');
    const { pipeline } = require('node:stream/promises');
    createServer(async (req, res) => {
      await pipeline(req, createWriteStream(${JSON.stringify(target)}, { flags: 'a' }));
      res.writeHead(204).end();
    }).listen(${port}, '127.0.0.1', () => console.log('ready'));`;
  const [command, args] = onServerCore(process.execPath, ['-e', script]);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((ready) => child.stdout.once('data', ready));
  return {
    child,
    async upload() {
      await rm(target, { force: true });
      await sendChunks(`http://127.0.0.1:${port}/upload`, {});
    },
  };
}

async function startMedia() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const name = `castbase_bench_upload_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).href;
  const port = await freePort();
  const signingKey = randomBytes(32).toString('hex');
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    MIGRATE_ON_START: 'true',
    NATS_URL,
    BUS_NAMESPACE: `benchupload${randomBytes(3).toString('hex')}`,
    STORAGE_DIR: join(work, 'storage'),
    STORAGE_SIGNING_SECRET: randomBytes(32).toString('hex'),
    AUTH_DEV_SIGNING_KEY: signingKey,
    // Every round's file stays stored: the free tier's 1 GB would refuse the second 500 MB upload.
    PLAN_STORAGE_BYTES: String(Math.max(1_000_000_000, (ROUNDS + 1) * FILE_MB * 1_000_000)),
  };
  for (const unset of ['S3_BUCKET', 'OIDC_ISSUER_URL', 'OIDC_JWKS_URL', 'UPLOADS_DIR']) delete env[unset];
  // The catalog answers media's questions about podcasts and episodes (the plan's episode count).
  const catalogPort = await freePort();
  const services = [];
  for (const [service, servicePort] of [
    ['catalog', catalogPort],
    ['media', port],
  ]) {
    // BENCH_PROFILE=<folder>: the media process writes a CPU profile there when it stops (node --cpu-prof).
    const profile =
      process.env.BENCH_PROFILE && service === 'media'
        ? ['--cpu-prof', '--cpu-prof-dir', resolve(process.env.BENCH_PROFILE)]
        : [];
    const flags = service === 'media' ? mediaNodeFlags : [];
    const [command, args] = onServerCore(process.execPath, [
      ...flags,
      ...profile,
      `apps/${service}/dist/main.js`,
    ]);
    const log = createWriteStream(join(work, `${service}.log`));
    const child = spawn(command, args, {
      cwd: repoRoot,
      env: { ...env, PORT: String(servicePort) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    services.push(child);
    await waitFor(
      `the ${service} service to be ready`,
      async () => (await fetch(`http://127.0.0.1:${servicePort}/health/ready`)).ok,
      { timeoutMs: 120_000 },
    );
  }
  const [catalog, child] = services;
  const token = await mintDevAccessToken(signingKey, { sub: 'bench-creator', preferred_username: 'bench' });
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  const headers = { authorization: `Bearer ${token}` };
  return {
    child,
    /** The media process's own pid (under taskset, the child of `taskset` execs it in place). */
    pid: child.pid,
    async upload() {
      const metadata = [
        ['filename', 'episode.wav'],
        ['filetype', 'audio/wav'],
        ['purpose', 'episode-media'],
      ]
        .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
        .join(',');
      const created = await fetch(`http://127.0.0.1:${port}${MEDIA_UPLOAD_PATH}`, {
        method: 'POST',
        headers: {
          ...headers,
          'tus-resumable': '1.0.0',
          'upload-length': String(size),
          'upload-metadata': metadata,
        },
      });
      if (created.status !== 201) throw new Error(`creation: ${created.status} ${await created.text()}`);
      const url = new URL(created.headers.get('location'), `http://127.0.0.1:${port}`).href;
      return JSON.parse(await sendChunks(url, headers));
    },
    /** Waits until the upload's processing ended, so the next round does not share the core with ffmpeg. */
    async processed(mediaId) {
      return waitFor(
        'the upload to be processed',
        async () => {
          const { rows } = await database.query('select status from media.media_files where id = $1', [
            mediaId,
          ]);
          return rows[0] && rows[0].status !== 'processing' ? rows[0].status : undefined;
        },
        { timeoutMs: 900_000 },
      );
    },
    async stop() {
      await database.end();
      for (const service of [child, catalog]) {
        service.kill('SIGTERM');
        await new Promise((done) => service.once('exit', done));
      }
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function peakRssMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

const reference = await startReference();
const media = await startMedia();
const rssMb = async (pid) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
console.log(`media process resident memory when ready: ${(await rssMb(media.pid)).toFixed(0)} MB`);
const results = { reference: [], media: [] };
try {
  console.log(
    `file: ${megabytes.toFixed(0)} MB WAV in ${Math.ceil(size / UPLOAD_CHUNK_BYTES)} PATCH requests of 5 MB; ` +
      `${pinned ? 'servers on core 0, client on core 1' : 'not pinned (taskset or a second core missing)'}; ` +
      `media started with ${mediaNodeFlags.join(' ') || 'no Node flags'}`,
  );
  for (let round = 1; round <= ROUNDS; round++) {
    let started = performance.now();
    await reference.upload();
    results.reference.push(megabytes / ((performance.now() - started) / 1000));
    const referencePatchMs = median(chunkMs);
    started = performance.now();
    const file = await media.upload();
    results.media.push(megabytes / ((performance.now() - started) / 1000));
    const completionMs = lastChunkMs;
    const mediaPatchMs = median(chunkMs);
    const status = await media.processed(file.id);
    console.log(
      `round ${round}: Node to disk ${results.reference.at(-1).toFixed(0)} MB/s, media service ` +
        `${results.media.at(-1).toFixed(0)} MB/s (a 5 MB PATCH ${mediaPatchMs.toFixed(0)} ms vs ` +
        `${referencePatchMs.toFixed(0)} ms, medians; the last PATCH with the completion ${completionMs.toFixed(0)} ms; ` +
        `processing ${status}), media peak RSS ` +
        `${(await peakRssMb(media.pid)).toFixed(0)} MB`,
    );
  }
  const ratio = median(results.media) / median(results.reference);
  console.log(
    `\nupload: media service ${median(results.media).toFixed(0)} MB/s vs Node writing to disk ` +
      `${median(results.reference).toFixed(0)} MB/s (medians): ${ratio.toFixed(2)}× (target ≥ 0.80×)`,
  );
  console.log(
    `memory: media process peak RSS ${(await peakRssMb(media.pid)).toFixed(0)} MB over ${ROUNDS} uploads of ` +
      `${megabytes.toFixed(0)} MB and their processing (target < 200 MB)`,
  );
} finally {
  reference.child.kill();
  await media.stop();
  await rm(work, { recursive: true, force: true });
}
