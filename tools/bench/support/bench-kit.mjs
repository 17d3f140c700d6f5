// What the HTTP benchmarks of tools/bench share: the machine rules (the server and every reference on core 0, wrk
// on core 1, short alternating rounds and medians), the environment knobs, starting and stopping the built
// processes, a fresh database, nginx, wrk and a probe on a connection of its own.
//
//   BENCH_DURATION=10 BENCH_ROUNDS=5   seconds measured per side, taken in that many short runs in turn
//   BENCH_WARM_UP=3                    seconds of warm-up per side
//   BENCH_CONNECTIONS=64               wrk's connections
//   BENCH_DATABASE_URL / DATABASE_URL  the PostgreSQL the fresh databases are made on (else 127.0.0.1:5432)
//   NATS_URL                           the NATS of the services run alone (else nats://127.0.0.1:4222)
//   BENCH_CPU_PROF=/tmp/profiles       each server process writes a V8 CPU profile there when it stops
//   BENCH_NODE_FLAGS=--trace-gc        Node flags for the server processes
//   BENCH_KEEP=1                       keeps the temporary folder (the server logs)
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { MEDIA_UPLOAD_PATH } from '@castbase/contracts';
import { tusUpload } from '@castbase/platform-testing';

export const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
export const WARM_UP_S = Number(process.env.BENCH_WARM_UP ?? 3);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** One short run of a side: the measured seconds spread over the rounds. */
export const RUN_S = Math.max(1, Math.round(DURATION_S / ROUNDS));
export const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
export const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF;
/** The core every measured server (ours and the references) runs on. */
export const SERVER_CORE = '0';
/** The core wrk runs on. */
export const LOAD_CORE = '1';
export const STARTUP_TIMEOUT_MS = 180_000;
export const repoRoot = resolve(import.meta.dirname, '../../..');

/** A TCP port nobody listens on right now. */
export function freePort() {
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
export async function waitFor(what, probe, timeoutMs, intervalMs = 200) {
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

/** Fails at once, with the command that installs them, when nginx, wrk or taskset is missing. */
export function requireTools() {
  for (const tool of ['nginx', 'wrk', 'taskset']) {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    } catch {
      throw new Error(`${tool} is not installed: apt-get install -y nginx wrk util-linux`);
    }
  }
}

/**
 * A database of its own on the machine's PostgreSQL, for one benchmark: its name, its URL, and `dropAndClose()`, which
 * drops it (with force: a process left connected does not keep it) and closes the admin connection.
 */
export async function createBenchDatabase() {
  const name = `castbase_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.href,
    async dropAndClose() {
      await admin.query(`drop database if exists "${name}" with (force)`).catch(() => undefined);
      await admin.end();
    },
  };
}

/** One second of 8 kHz mono 16-bit PCM (a 440 Hz tone) as a WAV file: a real file for the media service to probe. */
export function toneWav(seconds = 1, sampleRate = 8000) {
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
export async function startServer({ name, script, port, env: extraEnv, workDir }) {
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
export function pinToServerCore(child) {
  pinProcessToServerCore(child.pid);
}

/** The same for a process id (the benchmark's own process, when it is what is measured). */
export function pinProcessToServerCore(pid) {
  execFileSync('taskset', ['-a', '-p', '-c', SERVER_CORE, String(pid)], { stdio: 'ignore' });
}

/** The process's resident memory in MB, from /proc. */
export async function residentMb(child) {
  const status = await readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => '');
  const kb = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
  return Number.isNaN(kb) ? undefined : Math.round(kb / 1024);
}

const CLOCK_TICKS_PER_S = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/**
 * CPU time the process has used so far, all its threads, user and system (ms): sampled around a measurement, the CPU
 * per request, steadier on a shared machine than requests per second.
 */
export async function cpuMs(child) {
  return statCpuMs(await readFile(`/proc/${child.pid}/stat`, 'utf8'));
}

/** The command name of a /proc `stat` line (a process's or a thread's). */
function statName(stat) {
  return stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
}

/** The CPU time (ms, user and system) of a /proc `stat` line. */
function statCpuMs(stat) {
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
}

/**
 * The CPU time (ms) each process of the machine's PostgreSQL (the server and its backends, whichever core they run on:
 * PostgreSQL is not pinned) has used so far, by pid; `postgresCpuMsSince` tells what they used since.
 */
export async function postgresCpuMs() {
  const byPid = new Map();
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
    if (stat && statName(stat) === 'postgres') byPid.set(pid, statCpuMs(stat));
  }
  return byPid;
}

/** PostgreSQL's CPU time (ms) since `before` (a `postgresCpuMs`), of the processes still running. */
export async function postgresCpuMsSince(before) {
  let total = 0;
  for (const [pid, ms] of await postgresCpuMs()) total += ms - (before.get(pid) ?? 0);
  return total;
}

/**
 * The CPU time (ms) each kind of thread of a process has used so far, by thread name from /proc: `node` (the main
 * thread: JavaScript and the syscalls it makes), `libuv-worker` (file system writes and their syncs), `V8 DefaultWorke`
 * (garbage collection helpers) and the others. Differences between two readings show where a request's CPU goes.
 */
export async function cpuMsByThread(child) {
  const tasks = await readdir(`/proc/${child.pid}/task`);
  const byName = {};
  for (const task of tasks) {
    const stat = await readFile(`/proc/${child.pid}/task/${task}/stat`, 'utf8').catch(() => null);
    if (!stat) continue;
    const name = statName(stat);
    byName[name] = (byName[name] ?? 0) + statCpuMs(stat);
  }
  return byName;
}

/** `cpuMsByThread(after) − (before)` per request, in µs, as "name µs" pairs, largest first. */
export function cpuUsPerRequestByThread(before, after, requests) {
  return Object.entries(after)
    .map(([name, ms]) => [name, (1000 * (ms - (before[name] ?? 0))) / requests])
    .filter(([, us]) => us >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([name, us]) => `${name} ${us.toFixed(1)}`)
    .join(', ');
}

/** SIGTERM (the process then writes its CPU profile, if asked), SIGKILL after 20 seconds; resolves once it is gone. */
export async function stopProcess(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

/** The product's REST API as a signed-in creator calls it: `call(method, path, body)` answers the parsed JSON. */
export function api(baseUrl, token) {
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

/**
 * nginx (one worker) on the server core, with `serverDirectives` in its one server block and `httpDirectives` beside
 * it; resolves once `readyPath` answers `readyStatus`. Its files and logs stay under `workDir`.
 */
export async function startNginx({
  workDir,
  httpDirectives = '',
  serverDirectives,
  readyPath,
  readyStatus = 200,
}) {
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
  keepalive_requests 100000;
${httpDirectives}
  client_body_temp_path ${join(workDir, 'nginx-body')};
  proxy_temp_path ${join(workDir, 'nginx-proxy')};
  fastcgi_temp_path ${join(workDir, 'nginx-fastcgi')};
  uwsgi_temp_path ${join(workDir, 'nginx-uwsgi')};
  scgi_temp_path ${join(workDir, 'nginx-scgi')};
  server {
    listen 127.0.0.1:${port};
${serverDirectives}
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
  await waitFor(
    `nginx to answer (${stderr})`,
    async () => (await probe(`${baseUrl}${readyPath}`, {})).status === readyStatus,
    10_000,
  );
  return { child, baseUrl };
}

/** The installed nginx's version line (nginx prints it on stderr). */
export function nginxVersion() {
  const run = spawn('nginx', ['-v']);
  return new Promise((done) => {
    let text = '';
    run.stderr.on('data', (chunk) => (text += chunk));
    run.once('close', () => done(text.trim()));
    run.once('error', () => done(''));
  });
}

/**
 * wrk on the load core; answers req/s, p99 in ms, the responses it counted (`requests`), how many of them were not
 * 2xx or 3xx (`notOk`), the requests lost to socket errors and timeouts (`socketErrors`), and those errors as text.
 */
export function wrk(url, headers, durationS, { script } = {}) {
  const args = ['-c', LOAD_CORE, 'wrk', '-t1', `-c${CONNECTIONS}`, `-d${durationS}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  if (script) args.push('-s', script);
  args.push(url);
  const output = execFileSync('taskset', args, { encoding: 'utf8' });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]);
  const p99 = /^\s+99%\s+([\d.]+)(us|ms|s)\s*$/m.exec(output);
  const p99Ms = p99 ? Number(p99[1]) * { us: 0.001, ms: 1, s: 1000 }[p99[2]] : NaN;
  const errors = /Non-2xx or 3xx responses: (\d+)|Socket errors: (.*)/.exec(output)?.[0] ?? '';
  const requests = Number(/^\s*(\d+) requests in /m.exec(output)?.[1]);
  const notOk = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const socketErrors = (/Socket errors: (.*)/.exec(output)?.[1].match(/\d+/g) ?? []).reduce(
    (sum, count) => sum + Number(count),
    0,
  );
  return { rps, p99Ms, errors, requests, notOk, socketErrors };
}

/**
 * `run()` with `child` stopped (SIGSTOP) and continued after, for the reference's turns on the server core. A product
 * process keeps working after its own run (rows it queued, counting, rollups): left running, that work would take
 * the core from nginx and lower the reference, raising the product's ratio. Stopped, the process does that work in
 * its own next run, where its figures pay for it.
 */
export function whileStopped(child, run) {
  process.kill(child.pid, 'SIGSTOP');
  try {
    return run();
  } finally {
    process.kill(child.pid, 'SIGCONT');
  }
}

/**
 * One request on a connection of its own (a pooled keep-alive connection may have been closed by the server during
 * a run): the status, the headers, the ETag and the body exactly as sent (fetch would decode gzip or follow a
 * redirect).
 */
export function probe(url, headers) {
  return new Promise((resolveResponse, reject) => {
    request(url, { headers, agent: false }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        resolveResponse({
          status: response.statusCode,
          headers: response.headers,
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
export function median(runs) {
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

/**
 * 'Benchmark Radio', created through the API as a creator would, with a one-second WAV tone uploaded over tus for its
 * episodes: answers the podcast and the media file.
 */
export async function benchPodcastWithTone(baseUrl, call, token, description) {
  const podcast = await call('POST', '/api/podcasts', {
    name: 'Benchmark Radio',
    description,
    author: 'Castbase Bench',
  });
  const upload = await tusUpload(`${baseUrl}${MEDIA_UPLOAD_PATH}`, token, {
    input: toneWav(),
    fileName: 'tone.wav',
    fileType: 'audio/wav',
    purpose: 'episode-media',
  });
  if (upload.outcome !== 'finished') throw new Error(`upload ${upload.outcome}: ${JSON.stringify(upload)}`);
  return { podcast, media: JSON.parse(upload.body) };
}
