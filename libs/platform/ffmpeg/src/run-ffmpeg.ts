import { spawn, type ChildProcess } from 'node:child_process';
import type { FfmpegBinaries } from './binaries.js';

/** What every run starts with: no banner, no prompt (outputs are overwritten), no stats line on stderr. */
const COMMON_ARGUMENTS = ['-hide_banner', '-nostdin', '-nostats', '-y'];

/** Enough of ffmpeg's stderr for its summaries (loudnorm's JSON) and for the reason of a failure. */
const STDERR_TAIL_CHARS = 64 * 1024;

export interface FfmpegRunOptions {
  /** Seconds of output the run will produce; with `onProgress`, the fraction reported is ffmpeg's time over it. */
  durationSeconds?: number;
  /** Called with 0..1 as ffmpeg reports its position (about twice a second), and with 1 on success. */
  onProgress?: (fraction: number) => void;
  /** Stops ffmpeg (SIGKILL) and rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface FfmpegRunResult {
  /** The end of ffmpeg's stderr (at most 64 KiB): filter summaries are printed there. */
  stderr: string;
}

/** ffmpeg ended with a non-zero code; `stderrTail` holds its last lines, which say why. */
export class FfmpegFailedError extends Error {
  constructor(
    readonly exitCode: number | null,
    readonly stderrTail: string,
  ) {
    super(
      `ffmpeg exited with ${exitCode === null ? 'a signal' : `code ${exitCode}`}: ${lastLines(stderrTail, 3)}`,
    );
    this.name = 'FfmpegFailedError';
  }
}

/**
 * Runs ffmpeg with `args` (inputs, filters and outputs; `-y` and quiet flags are added) and resolves when it exits
 * successfully. ffmpeg reads and writes the files itself: nothing of the media passes through Node. Progress comes
 * from `-progress pipe:1` on stdout, so stderr stays free for the filters' summaries.
 */
export function runFfmpeg(
  binaries: FfmpegBinaries,
  args: readonly string[],
  options: FfmpegRunOptions = {},
): Promise<FfmpegRunResult> {
  const { onProgress, durationSeconds } = options;
  const progressArguments = onProgress ? ['-progress', 'pipe:1'] : [];
  const child = spawn(binaries.ffmpegPath, [...COMMON_ARGUMENTS, ...progressArguments, ...args], {
    stdio: ['ignore', onProgress ? 'pipe' : 'ignore', 'pipe'],
    signal: options.signal,
    killSignal: 'SIGKILL',
  });
  if (onProgress && child.stdout) {
    const report = progressReporter(onProgress, durationSeconds);
    child.stdout.setEncoding('utf8').on('data', report);
  }
  return completion(child, options.signal).then((stderr) => {
    onProgress?.(1);
    return { stderr };
  });
}

/**
 * Runs ffmpeg with its output on stdout (`pipe:1` in `args`) and yields that output chunk by chunk, as fast as the
 * caller takes it: a slow consumer pauses ffmpeg rather than filling memory. Throws `FfmpegFailedError` after the
 * last chunk when ffmpeg failed; stopping the iteration early stops ffmpeg.
 */
export async function* streamFfmpegOutput(
  binaries: FfmpegBinaries,
  args: readonly string[],
  options: Pick<FfmpegRunOptions, 'signal'> = {},
): AsyncGenerator<Buffer> {
  const child = spawn(binaries.ffmpegPath, [...COMMON_ARGUMENTS, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    signal: options.signal,
    killSignal: 'SIGKILL',
  });
  const finished = completion(child, options.signal);
  // Rejections are awaited below; this only keeps an early `return` from leaving one unhandled.
  finished.catch(() => undefined);
  try {
    for await (const chunk of child.stdout) yield chunk as Buffer;
    await finished;
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

/** Resolves with the tail of stderr when ffmpeg exits with 0; rejects otherwise. */
function completion(child: ChildProcess, signal: AbortSignal | undefined): Promise<string> {
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    stderr = (stderr + text).slice(-STDERR_TAIL_CHARS);
  });
  return new Promise((resolve, reject) => {
    child.once('error', (error) => reject(signal?.aborted ? abortReason(signal) : error));
    child.once('close', (code) => {
      if (signal?.aborted) reject(abortReason(signal));
      else if (code === 0) resolve(stderr);
      else reject(new FfmpegFailedError(code, stderr));
    });
  });
}

/** Turns `-progress` blocks (`out_time=00:01:02.500000` lines) into fractions of `durationSeconds`. */
function progressReporter(
  onProgress: (fraction: number) => void,
  durationSeconds: number | undefined,
): (text: string) => void {
  let pending = '';
  return (text) => {
    const lines = (pending + text).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const seconds = parseProgressTime(line);
      if (seconds === null || !durationSeconds || durationSeconds <= 0) continue;
      onProgress(Math.min(1, Math.max(0, seconds / durationSeconds)));
    }
  };
}

/** The seconds of an `out_time=HH:MM:SS.micro` progress line; null for other lines and `N/A`. */
export function parseProgressTime(line: string): number | null {
  const match = /^out_time=(-?)(\d+):(\d{2}):(\d{2}(?:\.\d+)?)\s*$/.exec(line);
  if (!match) return null;
  const [, sign, hours, minutes, seconds] = match;
  if (sign) return 0;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
}

/** The reason the signal was aborted with (an `AbortError` unless the caller gave one). */
function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException(String(reason), 'AbortError');
}

function lastLines(text: string, count: number): string {
  return text.trim().split('\n').slice(-count).join(' | ') || 'no output';
}
