import { toCopyLine, type DownloadRequestRow } from './download-request-row.js';
import type { DownloadJournal, JournalSegment } from './download-journal.js';

/** How the appender groups rows into journal appends. */
export interface JournalAppenderOptions {
  /** Journal appends running at once, each to a segment of its own: a group of rows need not wait for the one before. */
  journalLanes: number;
  /**
   * How long rows may wait for others to go with them in one journal append while requests keep coming (each append
   * is a disk sync, whose CPU is the same for one row as for hundreds): rows go at once when a turn of the event loop
   * brings no new request, or when this many wait (`maxGroupRows`).
   */
  maxGroupDelayMs: number;
  maxGroupRows: number;
}

/** One append's rows, as COPY text lines, and when the oldest of them was recorded. */
export interface AppendedRows {
  lines: string;
  rows: number;
  sinceMs: number;
}

/** What becomes of each append: the writer's side (PostgreSQL behind the journal). */
export interface AppendOutcomes {
  /** The rows are on disk in `segment`; their listeners have been told. */
  appended(segment: JournalSegment, rows: AppendedRows): void;
  /** The disk refused them: their listeners (`waiting`) are not told yet. */
  refused(rows: AppendedRows, waiting: Array<() => void>, error: unknown): void;
}

/**
 * The journal's group commit (ADR 0016): rows wait for the next append, and an append of all that waits starts when a
 * lane is free. While each turn of the event loop brings new requests, rows wait for the next turn (up to
 * `maxGroupDelayMs` and `maxGroupRows`), so that a busy process syncs the disk once for many requests instead of for
 * each few; a turn that brings none appends at once.
 */
export class JournalAppender {
  /** Rows waiting for the next journal append, and their listeners. */
  private lines: string[] = [];
  private waiting: Array<() => void> = [];
  private firstWaitingSinceMs = 0;
  private appendScheduled = false;
  /** Rows that waited when the last turn of the event loop ended: more now means requests are still coming. */
  private linesAtLastTurn = 0;
  /** Rows of the journal appends under way, and how many those are. */
  private appendingRows = 0;
  private appends = 0;

  constructor(
    private readonly journal: DownloadJournal,
    private readonly options: JournalAppenderOptions,
    private readonly outcomes: AppendOutcomes,
  ) {}

  /** Rows recorded and not yet on disk (or refused by it). */
  get pendingRows(): number {
    return this.lines.length + this.appendingRows;
  }

  /** Queues the row; `done` is called once it is on disk (or, the disk refusing, whenever the writer says). */
  record(row: DownloadRequestRow, done: () => void): void {
    if (this.lines.length === 0) this.firstWaitingSinceMs = Date.now();
    this.lines.push(toCopyLine(row));
    this.waiting.push(done);
    this.scheduleAppend();
  }

  /** At the end of this turn of the event loop (its requests read), an append of what waits when a lane is free. */
  private scheduleAppend(): void {
    if (this.appends < this.options.journalLanes && !this.appendScheduled) {
      this.appendScheduled = true;
      setImmediate(() => this.appendWhenQuiet());
    }
  }

  /** Appends what waits, unless this turn brought new requests and the group may still grow. */
  private appendWhenQuiet(): void {
    this.appendScheduled = false;
    const waitingRows = this.lines.length;
    if (waitingRows === 0 || this.appends >= this.options.journalLanes) return;
    const more = waitingRows > this.linesAtLastTurn;
    if (
      more &&
      waitingRows < this.options.maxGroupRows &&
      Date.now() - this.firstWaitingSinceMs < this.options.maxGroupDelayMs
    ) {
      this.linesAtLastTurn = waitingRows;
      this.scheduleAppend();
      return;
    }
    this.appendToJournal();
  }

  /**
   * One append of what waits, when a lane is free; the rows that come meanwhile go in the next, started as soon as a
   * lane is free again.
   */
  private appendToJournal(): void {
    if (this.appends >= this.options.journalLanes || this.lines.length === 0) return;
    const appended: AppendedRows = {
      lines: this.lines.join(''),
      rows: this.lines.length,
      sinceMs: this.firstWaitingSinceMs,
    };
    const waiting = this.waiting;
    this.linesAtLastTurn = 0;
    this.appendingRows += appended.rows;
    this.appends += 1;
    this.lines = [];
    this.waiting = [];
    this.journal
      .append(appended.lines, appended.rows)
      .then(
        (segment) => {
          for (const done of waiting) done();
          this.appendingRows -= appended.rows;
          this.appends -= 1;
          this.outcomes.appended(segment, appended);
        },
        (error: unknown) => {
          this.appendingRows -= appended.rows;
          this.appends -= 1;
          this.outcomes.refused(appended, waiting, error);
        },
      )
      .finally(() => {
        if (this.lines.length > 0) this.scheduleAppend();
      });
  }
}
