// How an upload's figures read on screen: sizes, speed, time left, durations and bitrates.

// Binary multiples, written MB as the spec writes its limits (500MB is 524288000 bytes).
const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

function numberFormat(unit: string, maximumFractionDigits: number) {
  return new Intl.NumberFormat(undefined, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits,
  });
}

const formats = {
  kilobyte: numberFormat('kilobyte', 0),
  megabyte: numberFormat('megabyte', 1),
  gigabyte: numberFormat('gigabyte', 2),
  kilobytePerSecond: numberFormat('kilobyte-per-second', 0),
  megabytePerSecond: numberFormat('megabyte-per-second', 1),
  second: numberFormat('second', 0),
  minute: numberFormat('minute', 0),
  hour: numberFormat('hour', 0),
  kilobit: numberFormat('kilobit-per-second', 0),
};

/** '512 B', '340 kB', '12.4 MB', '2 GB'. */
export function formatBytes(bytes: number): string {
  if (bytes >= GB) return formats.gigabyte.format(bytes / GB);
  if (bytes >= MB) return formats.megabyte.format(bytes / MB);
  if (bytes >= KB) return formats.kilobyte.format(bytes / KB);
  return `${Math.round(bytes)} B`;
}

/** '850 kB/s', '2.4 MB/s'. */
export function formatSpeed(bytesPerSecond: number): string {
  return bytesPerSecond >= MB
    ? formats.megabytePerSecond.format(bytesPerSecond / MB)
    : formats.kilobytePerSecond.format(bytesPerSecond / KB);
}

/** Time left, rounded up to what a person can use: '8 sec', '3 min', '1 hr 20 min'. */
export function formatTimeLeft(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return formats.second.format(whole);
  if (whole < 3600) return formats.minute.format(Math.ceil(whole / 60));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.ceil((whole % 3600) / 60);
  return minutes > 0
    ? `${formats.hour.format(hours)} ${formats.minute.format(minutes)}`
    : formats.hour.format(hours);
}

/** A running time as players show it: '4:05', '1:02:09'. */
export function formatDuration(totalSeconds: number): string {
  const whole = Math.max(0, Math.round(totalSeconds));
  const seconds = String(whole % 60).padStart(2, '0');
  const minutes = Math.floor(whole / 60) % 60;
  const hours = Math.floor(whole / 3600);
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** '128 kb/s', from bits per second (as ffprobe reports them). */
export function formatBitrate(bitsPerSecond: number): string {
  return formats.kilobit.format(bitsPerSecond / 1000);
}

/** Whole percent of the bytes sent, never 100 before the last byte. */
export function percentOf(sent: number, total: number): number {
  if (total <= 0) return 0;
  const percent = Math.floor((sent / total) * 100);
  return sent < total ? Math.min(percent, 99) : 100;
}

interface Sample {
  at: number;
  bytes: number;
}

/** Speed is measured over the last few seconds: long enough to be steady, short enough to follow the connection. */
const RATE_WINDOW_MS = 5000;

/**
 * The speed of a transfer from its progress reports, counting only bytes sent since it last (re)started: the time it
 * stood paused and the bytes a resumed upload already had on the server are not part of it.
 */
export class TransferRate {
  private samples: Sample[] = [];

  restart(): void {
    this.samples = [];
  }

  /** Records that `bytes` have been sent by `at` (ms); answers bytes per second, or null until it can tell. */
  record(bytes: number, at: number): number | null {
    this.samples.push({ at, bytes });
    while (this.samples.length > 2 && at - (this.samples[1]?.at ?? at) > RATE_WINDOW_MS) this.samples.shift();
    const first = this.samples[0];
    if (!first || at - first.at < 500 || bytes <= first.bytes) return null;
    return ((bytes - first.bytes) * 1000) / (at - first.at);
  }
}
