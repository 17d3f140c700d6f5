/** Byte ranges as [first, end) pairs; `end` is Infinity for an open range of a file of unknown size. */
export type ByteRanges = Array<readonly [number, number]>;

/** What a request asked for: a probe of the first byte or two, or byte ranges of the file. */
export type RequestedBytes = { kind: 'probe' } | { kind: 'ranges'; ranges: ByteRanges };

const RANGE_UNIT = /^bytes=(.+)$/i;
const RANGE_SPEC = /^(\d*)-(\d*)$/;

/**
 * The bytes a GET asked for (RFC 9110 §14.1.2), within a file of `size` bytes (null when unknown). No Range, or one a
 * server would ignore (another unit, a malformed spec), asks for the whole file, as servers then send it all.
 * `bytes=0-0` and `bytes=0-1` alone are the probes players send before downloading (IAB v2.2: not downloads).
 */
export function requestedBytes(rangeHeader: string | null, size: number | null): RequestedBytes {
  const whole: RequestedBytes = { kind: 'ranges', ranges: [[0, size ?? Number.POSITIVE_INFINITY]] };
  if (rangeHeader === null) return whole;
  const unit = RANGE_UNIT.exec(rangeHeader.trim());
  if (!unit) return whole;
  const specs = unit[1]!.split(',').map((spec) => spec.trim());
  if (specs.length === 1 && (specs[0] === '0-0' || specs[0] === '0-1')) return { kind: 'probe' };
  const end = size ?? Number.POSITIVE_INFINITY;
  const ranges: Array<readonly [number, number]> = [];
  for (const spec of specs) {
    const parts = RANGE_SPEC.exec(spec);
    if (!parts || (parts[1] === '' && parts[2] === '')) return whole;
    if (parts[1] === '') {
      // The last N bytes.
      const suffix = Number(parts[2]);
      ranges.push(size === null ? [0, suffix] : [Math.max(0, size - suffix), size]);
      continue;
    }
    const first = Number(parts[1]);
    const last = parts[2] === '' ? end : Math.min(end, Number(parts[2]) + 1);
    if (last < first) return whole;
    if (first < end) ranges.push([first, last]);
  }
  return { kind: 'ranges', ranges };
}

/** What Castbase's own storage reported it sent of a request (`download_deliveries`), the most of its reports. */
export interface DeliveredBytes {
  firstByte: number;
  bytesSent: number;
  /** The response sent its whole body. */
  complete: boolean;
}

/**
 * The bytes a request redirected to Castbase's own storage received: [firstByte, firstByte + bytesSent), whatever it
 * asked for. None until the storage reports it (a delivery that comes after the request was counted recounts it).
 * A request for the whole file whose response the storage finished sending got the whole file, counted as `asked`
 * even when the file it got differs in size from the episode's file as analytics knows it now (a file re-tagged or
 * processed since the redirect).
 */
export function deliveredBytes(delivered: DeliveredBytes | null, asked: ByteRanges): ByteRanges {
  if (!delivered || delivered.bytesSent <= 0) return [];
  const wholeFile = asked.length === 1 && asked[0]![0] === 0;
  if (delivered.complete && delivered.firstByte === 0 && wholeFile) return asked;
  return [[delivered.firstByte, delivered.firstByte + delivered.bytesSent]];
}

/** The bytes covered by a set of ranges, each counted once however often it was asked for. */
export class CoveredBytes {
  private ranges_: Array<[number, number]> = [];

  add(ranges: ByteRanges): void {
    const all = [...this.ranges_, ...ranges.map(([first, end]): [number, number] => [first, end])].sort(
      (a, b) => a[0] - b[0],
    );
    const merged: Array<[number, number]> = [];
    for (const range of all) {
      const last = merged[merged.length - 1];
      if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
      else merged.push([range[0], range[1]]);
    }
    this.ranges_ = merged;
  }

  /** The covered ranges, merged and in order. */
  get ranges(): ReadonlyArray<readonly [number, number]> {
    return this.ranges_;
  }

  get total(): number {
    return this.ranges_.reduce((sum, [first, end]) => sum + (end - first), 0);
  }
}
