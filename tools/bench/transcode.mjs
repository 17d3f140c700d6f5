// Benchmark of the media service's MP3 transcode, `transcodeToMp3` (libs/media/src/processing), against the same
// ffmpeg command spawned directly: what the wrapper costs (probing the input, parsing `-progress`, the promise).
//
// Renders a stereo 44.1 kHz WAV of pink noise once (10 minutes by default), then alternates runs of the direct
// command and of `transcodeToMp3` with a progress callback, as a job calls it. The whole benchmark runs pinned to
// one core with `taskset -c 1` when it is available, so Node's own work competes with ffmpeg as it would on a busy
// worker. Prints the median of each and their ratio (target: the wrapper at 0.95 or more of the direct speed), and
// checks that both wrote the same bytes, i.e. ran the same command.
//
//   npm run bench:transcode                  (builds the ffmpeg and media packages first)
//   BENCH_MINUTES=3 BENCH_RUNS=5 node tools/bench/transcode.mjs
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderTestAudio, resolveFfmpegBinaries } from '@castbase/platform-ffmpeg';
import { transcodeToMp3 } from '../../libs/media/dist/processing/index.js';

const MINUTES = Number(process.env.BENCH_MINUTES ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PINNED_CORE = '1';

/** Runs this script again under `taskset` (children inherit the affinity); false when it cannot. */
function rerunPinned() {
  if (process.env.BENCH_PINNED || spawnSync('taskset', ['--version']).status !== 0) return false;
  const child = spawnSync('taskset', ['-c', PINNED_CORE, process.execPath, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_PINNED: PINNED_CORE },
  });
  process.exitCode = child.status ?? 1;
  return true;
}

/** The command `transcodeToMp3` runs for this input (without its `-progress pipe:1`), spawned on its own. */
function transcodeDirectly(binaries, input, output) {
  const args = [
    ...['-hide_banner', '-nostdin', '-nostats', '-y'],
    ...['-i', input, '-map', '0:a:0', '-map_metadata', '-1'],
    ...['-c:a', 'libmp3lame', '-b:a', '128k', '-ar', '44100', '-ac', '2', '-f', 'mp3', output],
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(binaries.ffmpegPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (text) => (stderr += text));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${stderr}`)),
    );
  });
}

async function timed(run) {
  const started = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function md5(path) {
  return createHash('md5')
    .update(await readFile(path))
    .digest('hex');
}

async function main() {
  const binaries = resolveFfmpegBinaries();
  const folder = await mkdtemp(join(tmpdir(), 'castbase-bench-transcode-'));
  try {
    const input = join(folder, 'episode.wav');
    const directOutput = join(folder, 'direct.mp3');
    const wrappedOutput = join(folder, 'wrapped.mp3');
    console.log(`Rendering ${MINUTES} minutes of stereo 44.1 kHz pink noise as WAV ...`);
    await renderTestAudio(binaries, input, 'wav', { seconds: MINUTES * 60, signal: 'noise', amplitude: 0.3 });

    const direct = [];
    const wrapped = [];
    let progressCalls = 0;
    for (let run = 1; run <= RUNS; run++) {
      direct.push(await timed(() => transcodeDirectly(binaries, input, directOutput)));
      wrapped.push(
        await timed(() =>
          transcodeToMp3({ input, output: wrappedOutput, onProgress: () => progressCalls++ }, binaries),
        ),
      );
      console.log(
        `run ${run}: ffmpeg alone ${direct.at(-1).toFixed(2)} s, transcodeToMp3 ${wrapped.at(-1).toFixed(2)} s`,
      );
    }
    const sameBytes = (await md5(directOutput)) === (await md5(wrappedOutput));
    const directSeconds = median(direct);
    const wrappedSeconds = median(wrapped);
    console.log(
      `\nffmpeg ${binaries.source} binaries; ${process.env.BENCH_PINNED ? `pinned to core ${PINNED_CORE}` : 'not pinned (no taskset)'}; ${RUNS} runs each, medians:`,
    );
    console.table([
      {
        what: 'ffmpeg alone',
        seconds: directSeconds.toFixed(2),
        'x realtime': ((MINUTES * 60) / directSeconds).toFixed(1),
      },
      {
        what: 'transcodeToMp3',
        seconds: wrappedSeconds.toFixed(2),
        'x realtime': ((MINUTES * 60) / wrappedSeconds).toFixed(1),
      },
    ]);
    console.log(
      `transcodeToMp3 speed / ffmpeg alone: ${(directSeconds / wrappedSeconds).toFixed(3)} (target ≥ 0.95)`,
    );
    console.log(
      `progress callbacks per run: ${Math.round(progressCalls / RUNS)}; same output bytes: ${sameBytes}`,
    );
    if (!sameBytes) process.exitCode = 1;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

if (!rerunPinned()) await main();
