import { dirname, join, resolve } from 'node:path';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { AppConfig } from '@castbase/platform-config';
import { DATABASE_CONNECTION, type DatabaseConnection } from '@castbase/platform-persistence';
import { COPY_DOWNLOAD_REQUESTS, type DownloadRequestRow } from './download-request-row.js';
import { copyInto, insertLate, isDataError, isUniqueViolation } from './download-rows-sql.js';
import { DownloadJournal, type JournalSegment } from './download-journal.js';
import { JournalAppender, type AppendedRows, type JournalAppenderOptions } from './journal-appender.js';
import { WriterConnection } from './writer-connection.js';

export interface DownloadWriterOptions extends JournalAppenderOptions {
  /** The journal's folder: every download is appended and fsynced there before its 302. */
  spillDirectory: string;
  /**
   * How long a COPY of rows whose redirects wait for it (the journal refused them) may take before PostgreSQL counts as
   * away: no listener waits longer.
   */
  writeTimeoutMs: number;
  /**
   * The same for rows already in the journal, whose listeners have their 302s: a PostgreSQL that is only slow (busy,
   * starved of CPU) takes them from memory a little later instead of all the writer's rows going to the slower replay
   * from the segment files. Only a PostgreSQL that does not answer at all takes this long to count as away; meanwhile
   * rows wait in memory up to `maxQueuedRows`.
   */
  journaledWriteTimeoutMs: number;
  /** Rows per COPY at most. */
  maxBatchRows: number;
  /**
   * How long journaled rows may wait in memory to go with others in one COPY (a COPY is a commit, PostgreSQL's WAL
   * flush among them, sharing the disk with the journal's): a full batch goes at once.
   */
  copyDelayMs: number;
  /** COPYs running at once, each on a connection of its own: more than one only while full batches wait. */
  maxConcurrentCopies: number;
  /** While PostgreSQL is away: how often it is tried again (and the journal replayed once it answers). */
  retryIntervalMs: number;
  /** A journal segment is closed at this size (and removed once PostgreSQL has its rows). */
  maxSegmentBytes: number;
  /** Rows held in memory for PostgreSQL at most; past it, a segment's rows are written from its file instead. */
  maxQueuedRows: number;
  /**
   * Rows older than this when their COPY starts may come after the counting passed their time (its settling time,
   * 30 s): they are written as late rows are, with their episodes sent to a recount.
   */
  lateAfterMs: number;
}

export const DOWNLOAD_WRITER_OPTIONS = Symbol('DOWNLOAD_WRITER_OPTIONS');

/** The writer's options from the process's configuration: the journal beside the storage folder unless set. */
export function downloadWriterOptions(
  config: Pick<AppConfig, 'ANALYTICS_SPILL_DIR' | 'ANALYTICS_WRITE_TIMEOUT_MS' | 'STORAGE_DIR'>,
): DownloadWriterOptions {
  return {
    spillDirectory: resolve(
      config.ANALYTICS_SPILL_DIR ?? join(dirname(resolve(config.STORAGE_DIR)), 'analytics-spill'),
    ),
    writeTimeoutMs: config.ANALYTICS_WRITE_TIMEOUT_MS,
    journaledWriteTimeoutMs: Math.max(config.ANALYTICS_WRITE_TIMEOUT_MS, 30_000),
    journalLanes: 2,
    maxGroupDelayMs: 4,
    maxGroupRows: 512,
    maxBatchRows: 5_000,
    copyDelayMs: 50,
    maxConcurrentCopies: 4,
    retryIntervalMs: 1_000,
    maxSegmentBytes: 8 * 1024 * 1024,
    maxQueuedRows: 100_000,
    lateAfterMs: 10_000,
  };
}

/** What the writer has done since the process started (for the health report, the tests and the benchmark). */
export interface DownloadWriterCounts {
  /** Rows appended to the journal (every download, unless the disk refused it). */
  journaled: number;
  /** Journal appends (disk syncs) that took them. */
  appends: number;
  /** Rows PostgreSQL took by COPY from memory. */
  written: number;
  /** COPY statements that took them. */
  batches: number;
  /** Rows written late (from a journal file, or from memory after PostgreSQL was away), those it had not counted twice. */
  replayed: number;
  /** Rows neither the journal nor PostgreSQL would take: their listeners got their episode, the count lost them. */
  lost: number;
}

/** Rows on their way to PostgreSQL from memory: one journal append's, or (the disk refusing) rows not journaled. */
interface Shipment {
  /** Their journal segment; null when the journal refused them and PostgreSQL is their only chance. */
  segment: JournalSegment | null;
  lines: string;
  rows: number;
  /** When the oldest of them was appended. */
  sinceMs: number;
  /** The appends waiting for them (only rows not journaled wait for PostgreSQL). */
  waiting: Array<() => void>;
}

/**
 * Records downloads: each row is appended to the local journal and is on disk before its append resolves (and its
 * listener's 302 goes), by the JournalAppender's group commit.
 * PostgreSQL is fed from memory behind it: journaled rows wait up to `copyDelayMs` to go together in one COPY (one
 * commit for many appends), and while full batches wait, up to `maxConcurrentCopies` COPYs run at once, each on its
 * own connection; a journal segment goes once PostgreSQL has all its rows. Listeners come first: when PostgreSQL
 * refuses or takes longer than `journaledWriteTimeoutMs` (`writeTimeoutMs` for rows whose redirects wait), the rows wait in their segments, the writer tries PostgreSQL again
 * every `retryIntervalMs`, and once it answers, the segments are replayed from their files with `on conflict do
 * nothing`, so a row that reached PostgreSQL after all (a slow COPY that committed late) is not written twice. A segment of a process that died is replayed the same way by the next.
 * If the disk refuses an append, its rows go to PostgreSQL from memory and their appends wait for it.
 */
@Injectable()
export class DownloadWriter implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DownloadWriter.name);
  private readonly journal: DownloadJournal;
  private readonly appender: JournalAppender;
  /** Rows in the journal (or refused by it) on their way to PostgreSQL from memory. */
  private shipments: Shipment[] = [];
  private queuedRows = 0;
  /** Connections not running a COPY now. */
  private readonly idle: WriterConnection[];
  private readonly recovery: WriterConnection;
  private inFlight = 0;
  /** Shipments queued whose redirects wait for PostgreSQL (the journal refused their rows). */
  private urgentShipments = 0;
  private copyTimer: NodeJS.Timeout | undefined;
  private drained: Array<() => void> = [];
  /** Whether PostgreSQL took the last batch; while false, rows stay in their segments until it answers again. */
  private healthy = true;
  /** Segments wait to be replayed from their files. */
  private spilled = false;
  private overflowReported = false;
  private timer: NodeJS.Timeout | undefined;
  private recovering: Promise<void> | undefined;
  private closed = false;
  readonly counts: DownloadWriterCounts = {
    journaled: 0,
    appends: 0,
    written: 0,
    batches: 0,
    replayed: 0,
    lost: 0,
  };

  constructor(
    @Inject(DATABASE_CONNECTION) connection: DatabaseConnection,
    @Inject(DOWNLOAD_WRITER_OPTIONS) private readonly options: DownloadWriterOptions,
  ) {
    this.journal = new DownloadJournal(options.spillDirectory, options.maxSegmentBytes, options.journalLanes);
    this.appender = new JournalAppender(this.journal, options, {
      appended: (segment, rows) => {
        this.counts.journaled += rows.rows;
        this.counts.appends += 1;
        this.toPostgres(segment, rows);
      },
      refused: (rows, waiting, error) => {
        this.logger.error(
          `the download journal did not take ${rows.rows} rows (${describe(error)}): writing them to PostgreSQL before their redirects`,
        );
        this.enqueue({ segment: null, ...rows, waiting });
      },
    });
    this.idle = Array.from(
      { length: Math.max(1, options.maxConcurrentCopies) },
      () => new WriterConnection(connection.url, options.writeTimeoutMs),
    );
    this.recovery = new WriterConnection(connection.url, options.writeTimeoutMs);
  }

  /** Segments a previous process left are replayed as soon as PostgreSQL answers. */
  onApplicationBootstrap(): void {
    this.spilled = true;
    this.timer = setInterval(() => void this.recover(), this.options.retryIntervalMs);
    this.timer.unref();
    void this.recover();
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.flush();
    clearTimeout(this.copyTimer);
    await this.recovering;
    await this.journal.close();
    // What PostgreSQL has in full goes; the rest waits in its segments for the next process.
    for (const segment of [...this.journal.segments()]) await this.removeIfWritten(segment);
    await Promise.all([...this.idle, this.recovery].map((connection) => connection.close()));
  }

  /** Queues the row; resolves once it is in the journal (or, the disk refusing, in PostgreSQL; or counted lost). */
  append(row: DownloadRequestRow): Promise<void> {
    return new Promise((resolve) => this.record(row, resolve));
  }

  /** `append` with a callback, for the redirect's hot path (no promise per request). */
  record(row: DownloadRequestRow, done: () => void): void {
    this.appender.record(row, done);
  }

  /** Rows queued and not yet in PostgreSQL (nor, PostgreSQL being away, left to their journal segments). */
  get pending(): number {
    return this.appender.pendingRows + this.queuedRows + this.inFlight;
  }

  /** Resolves once every row queued so far is in PostgreSQL, or (PostgreSQL being away) in the journal. */
  async flush(): Promise<void> {
    while (this.pending > 0) {
      const drained = new Promise<void>((done) => this.drained.push(done));
      this.dispatch(true);
      await drained;
    }
  }

  /** Journaled rows go to PostgreSQL from memory, unless their segment is to be replayed from its file. */
  private toPostgres(segment: JournalSegment, appended: AppendedRows): void {
    if (this.healthy && !segment.replay && this.queuedRows + appended.rows <= this.options.maxQueuedRows)
      this.enqueue({ segment, ...appended, waiting: [] });
    else {
      if (this.healthy && !segment.replay && !this.overflowReported) {
        this.overflowReported = true;
        this.logger.warn(
          `PostgreSQL is ${this.queuedRows} downloads behind: writing further ones from the journal's files`,
        );
      }
      this.leaveToReplay(segment);
      this.settled();
    }
  }

  private enqueue(shipment: Shipment): void {
    this.shipments.push(shipment);
    this.queuedRows += shipment.rows;
    if (shipment.waiting.length > 0) this.urgentShipments += 1;
    this.dispatch(this.urgent);
  }

  /** Rows go to PostgreSQL without waiting for others when the process stops or redirects wait for them. */
  private get urgent(): boolean {
    return this.closed || this.urgentShipments > 0;
  }

  /**
   * Starts a COPY of what waits, on an idle connection: once the oldest row has waited `copyDelayMs` (or at once when
   * `now`) when no COPY runs, and beside the running ones only for full batches (PostgreSQL catching up).
   */
  private dispatch(now = false): void {
    while (this.shipments.length > 0 && this.idle.length > 0) {
      const full = this.queuedRows >= this.options.maxBatchRows;
      if (!full && this.inFlight > 0) return;
      if (!full && !now) {
        const dueInMs = this.shipments[0]!.sinceMs + this.options.copyDelayMs - Date.now();
        if (dueInMs > 0) {
          if (!this.copyTimer) {
            this.copyTimer = setTimeout(() => {
              this.copyTimer = undefined;
              this.dispatch(this.urgent);
            }, dueInMs);
            this.copyTimer.unref();
          }
          return;
        }
      }
      const connection = this.idle.pop()!;
      const batch: Shipment[] = [];
      let rows = 0;
      do {
        const shipment = this.shipments.shift()!;
        batch.push(shipment);
        rows += shipment.rows;
        if (shipment.waiting.length > 0) this.urgentShipments -= 1;
      } while (this.shipments.length > 0 && rows + this.shipments[0]!.rows <= this.options.maxBatchRows);
      this.queuedRows -= rows;
      this.inFlight += rows;
      void this.persist(connection, batch, rows).then(() => {
        this.inFlight -= rows;
        this.idle.push(connection);
        this.dispatch(this.urgent);
        this.settled();
      });
    }
  }

  private async persist(connection: WriterConnection, batch: Shipment[], rows: number): Promise<void> {
    const payload = batch.length === 1 ? batch[0]!.lines : batch.map((shipment) => shipment.lines).join('');
    const late =
      Date.now() - Math.min(...batch.map((shipment) => shipment.sinceMs)) > this.options.lateAfterMs;
    const timeoutMs = batch.some((shipment) => shipment.waiting.length > 0)
      ? this.options.writeTimeoutMs
      : this.options.journaledWriteTimeoutMs;
    try {
      if (!this.healthy) throw new Error('PostgreSQL is away');
      if (late)
        this.counts.replayed += await connection.run((client) => insertLate(client, payload), timeoutMs);
      else
        try {
          await connection.run((client) => copyInto(client, COPY_DOWNLOAD_REQUESTS, payload), timeoutMs);
          this.counts.written += rows;
          this.counts.batches += 1;
        } catch (error) {
          // Some of the rows are in PostgreSQL already (a segment replayed meanwhile): the others go in as late ones.
          if (!isUniqueViolation(error)) throw error;
          this.counts.replayed += await connection.run((client) => insertLate(client, payload), timeoutMs);
        }
      for (const shipment of batch) {
        for (const done of shipment.waiting) done();
        if (shipment.segment) {
          shipment.segment.shipped += shipment.rows;
          await this.removeIfWritten(shipment.segment);
        }
      }
    } catch (error) {
      if (this.healthy)
        this.logger.warn(
          `PostgreSQL did not take ${rows} downloads (${describe(error)}): they wait in the journal`,
        );
      // A refusal of the rows themselves leaves PostgreSQL healthy; the replay sets their segment aside.
      if (!isDataError(error)) this.healthy = false;
      this.giveUp(batch);
      if (!this.healthy) {
        const rest = this.shipments.splice(0);
        this.queuedRows = 0;
        this.urgentShipments = 0;
        this.giveUp(rest);
      }
    }
  }

  /** Rows PostgreSQL did not take from memory: those of a segment are replayed from it, the others are lost. */
  private giveUp(shipments: Shipment[]): void {
    for (const shipment of shipments) {
      if (shipment.segment) this.leaveToReplay(shipment.segment);
      else {
        this.counts.lost += shipment.rows;
        this.logger.error(`${shipment.rows} downloads lost: neither the journal nor PostgreSQL took them`);
        for (const done of shipment.waiting) done();
      }
    }
  }

  private leaveToReplay(segment: JournalSegment): void {
    segment.replay = true;
    this.spilled = true;
  }

  /** A closed segment goes once PostgreSQL has all its rows from memory. */
  private async removeIfWritten(segment: JournalSegment): Promise<void> {
    if (!segment.closed || segment.replay || segment.shipped < segment.rows) return;
    await this.journal.remove(segment.path).catch((error: unknown) => {
      this.logger.warn(`download journal segment ${segment.path} not removed: ${describe(error)}`);
    });
  }

  private settled(): void {
    if (this.pending === 0) for (const done of this.drained.splice(0)) done();
  }

  /** While PostgreSQL is away, tries it; once it answers (or at start), replays the segments left to their files. */
  private recover(): Promise<void> {
    if (this.recovering || this.closed || (this.healthy && !this.spilled))
      return this.recovering ?? Promise.resolve();
    this.recovering = this.replayJournal()
      .catch((error: unknown) => {
        this.spilled = true;
        this.logger.warn(`download journal not replayed yet: ${describe(error)}`);
      })
      .finally(() => {
        this.recovering = undefined;
      });
    return this.recovering;
  }

  private async replayJournal(): Promise<void> {
    try {
      await this.recovery.run((client) => client.query('select 1'));
    } catch (error) {
      this.healthy = false;
      throw error;
    }
    // From here new rows go to PostgreSQL from memory again, in a new segment; the segment being written is closed
    // below and replayed from its file with the others.
    this.healthy = true;
    this.spilled = false;
    this.overflowReported = false;
    for (const closed of await this.journal.rotate()) if (!closed.replay) await this.removeIfWritten(closed);
    for (const path of await this.journal.segmentsToReplay()) {
      const segment = await this.journal.read(path);
      if (!segment) continue;
      if (segment.rows > 0) {
        try {
          this.counts.replayed += await this.recovery.run(
            (client) => insertLate(client, segment.lines),
            60_000,
          );
        } catch (error) {
          if (!isDataError(error)) throw error;
          const aside = await this.journal.setAside(path);
          this.logger.error(
            `download journal segment refused by PostgreSQL, kept as ${aside}: ${describe(error)}`,
          );
          continue;
        }
      }
      await this.journal.remove(path);
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
