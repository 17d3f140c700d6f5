import type { Clock } from '../object-storage.js';

/** The real time plus an offset tests can move, to sign URLs "in the past" instead of waiting. */
export class AdjustableClock {
  private offsetMs = 0;

  readonly now: Clock = () => new Date(Date.now() + this.offsetMs);

  shift(milliseconds: number): void {
    this.offsetMs += milliseconds;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}
