import { dirname, join, resolve } from 'node:path';
import { finished } from 'node:stream/promises';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { AppConfig } from '@castbase/platform-config';
import { DATABASE_CONNECTION, type DatabaseConnection } from '@castbase/platform-persistence';
import {
  COPY_DOWNLOAD_REQUESTS,
  DOWNLOAD_REQUEST_COLUMNS,
  DOWNLOAD_REQUEST_COLUMNS_BEFORE_DELIVERIES,
  toCopyLine,
  type DownloadRequestRow,
} from './download-request-row.js';
import { SpillJournal } from './spill-journal.js';
import { WriterConnection } from './writer-connection.js';

export interface DownloadWriterOptions {
  /** Where downloads go while PostgreSQL does not take them. */
  spillDirectory: string;
  /** How long a batch may wait for PostgreSQL before it goes to the journal instead. */
  writeTimeoutMs: number;
  /** Rows per COPY at most. */
  maxBatchRows: number;
  /** COPYs running at once, each on a connection of its own. */
  maxConcurrentCopies: number;
  /** While PostgreSQL is away: how often it is tried again (and the journal replayed once it answers). */
  retryIntervalMs: number;
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
    maxBatchRows: 5_000,
    maxConcurrentCopies: 4,
    retryIntervalMs: 1_000,
  };
}

const REPLAY_TABLE = 'download_requests_replay';
const MIN_ROWS_FOR_ANOTHER_COPY = 16;

/** The columns a segment's lines hold: a segment an older process left has no `own_storage` (its default, false). */
function segmentColumns(lines: string): string {
  const firstLine = lines.slice(0, lines.indexOf('\n') + 1 || undefined);
  const fields = firstLine.split('\t').length;
  return (
    fields === DOWNLOAD_REQUEST_COLUMNS_BEFORE_DELIVERIES.length
      ? DOWNLOAD_REQUEST_COLUMNS_BEFORE_DELIVERIES
      : DOWNLOAD_REQUEST_COLUMNS
  ).join(', ');
}

/** What the writer has done since the process started (for the health report, the tests and the benchmark). */
export interface DownloadWriterCounts {
  /** Rows PostgreSQL took by COPY. */
  written: number;
  /** COPY statements that took them. */
  batches: number;
  /** Rows appended to the journal. */
  journaled: number;
  /** Journaled rows written to PostgreSQL later (those it already had are not counted twice). */
  replayed: number;
  /** Rows neither PostgreSQL nor the disk would take: their listeners got their episode, the count lost them. */
  lost: number;
}

/**
 * Records downloads by group commit: the requests that arrive while COPYs run are written together by the next
 * one, so a burst costs a handful of round trips instead of one per request, and each request's promise settles
 * when its row is durable. Up to `maxConcurrentCopies` COPYs run at once, each on its own connection, so one batch
 * fills while others commit (PostgreSQL flushes their commits together). Listeners come first: when PostgreSQL
 * refuses or takes longer than `writeTimeoutMs`, the batch is appended to the local journal (and fsynced) instead,
 * the promise settles, and the writer tries PostgreSQL again every `retryIntervalMs`; once it answers, the journal is
 * replayed with `on conflict do nothing`, so a row that reached PostgreSQL after all (a slow COPY that committed
 * late) is not written twice.
 */
@Injectable()
export class DownloadWriter implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DownloadWriter.name);
  private readonly journal: SpillJournal;
  private lines: string[] = [];
  private waiting: Array<() => void> = [];
  private dispatchScheduled = false;
  /** Connections not running a COPY now. */
  private readonly idle: WriterConnection[];
  private readonly recovery: WriterConnection;
  private inFlight = 0;
  private drained: Array<() => void> = [];
  /** Whether PostgreSQL took the last batch; while false, batches go straight to the journal. */
  private healthy = true;
  /** Rows went to the journal since the last replay. */
  private spilled = false;
  private timer: NodeJS.Timeout | undefined;
  private recovering: Promise<void> | undefined;
  private closed = false;
  readonly counts: DownloadWriterCounts = { written: 0, batches: 0, journaled: 0, replayed: 0, lost: 0 };

  constructor(
    @Inject(DATABASE_CONNECTION) connection: DatabaseConnection,
    @Inject(DOWNLOAD_WRITER_OPTIONS) private readonly options: DownloadWriterOptions,
  ) {
    this.journal = new SpillJournal(options.spillDirectory);
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
    await this.recovering;
    await this.journal.rotate();
    await Promise.all([...this.idle, this.recovery].map((connection) => connection.close()));
  }

  /** Queues the row; resolves once it is in PostgreSQL or in the journal (or, if neither would take it, counted lost). */
  append(row: DownloadRequestRow): Promise<void> {
    return new Promise((resolve) => {
      this.lines.push(toCopyLine(row));
      this.waiting.push(resolve);
      if (!this.dispatchScheduled) {
        this.dispatchScheduled = true;
        // Rows appended in this turn of the event loop go in one batch.
        setImmediate(() => this.dispatch());
      }
    });
  }

  /** Rows queued and not yet durable. */
  get pending(): number {
    return this.lines.length + this.inFlight;
  }

  /** Resolves once every row queued so far is durable. */
  async flush(): Promise<void> {
    this.dispatch();
    while (this.lines.length > 0 || this.inFlight > 0)
      await new Promise<void>((done) => this.drained.push(done));
  }

  /**
   * Starts a batch of what waits: on an idle connection when none is writing, or when enough rows wait to be worth
   * another COPY beside the running ones (a lone row waits for the next batch rather than costing a commit of its own).
   */
  private dispatch(): void {
    this.dispatchScheduled = false;
    while (
      this.lines.length > 0 &&
      this.idle.length > 0 &&
      (this.inFlight === 0 || this.lines.length >= MIN_ROWS_FOR_ANOTHER_COPY)
    ) {
      const connection = this.idle.pop()!;
      const count = Math.min(this.lines.length, this.options.maxBatchRows);
      const payload = this.lines.splice(0, count).join('');
      const waiting = this.waiting.splice(0, count);
      this.inFlight += count;
      void this.persist(connection, payload, count).then(() => {
        this.inFlight -= count;
        this.idle.push(connection);
        for (const done of waiting) done();
        if (this.lines.length > 0) this.dispatch();
        else if (this.inFlight === 0) for (const done of this.drained.splice(0)) done();
      });
    }
  }

  private async persist(connection: WriterConnection, payload: string, rows: number): Promise<void> {
    if (this.healthy && !this.closed) {
      try {
        await connection.run((client) => copyInto(client, COPY_DOWNLOAD_REQUESTS, payload));
        this.counts.written += rows;
        this.counts.batches += 1;
        return;
      } catch (error) {
        if (this.healthy)
          this.logger.warn(`PostgreSQL did not take ${rows} downloads (${describe(error)}): journaling them`);
        this.healthy = false;
      }
    }
    try {
      await this.journal.append(payload);
      this.counts.journaled += rows;
      this.spilled = true;
    } catch (error) {
      this.counts.lost += rows;
      this.logger.error(
        `${rows} downloads lost: neither PostgreSQL nor the journal took them (${describe(error)})`,
      );
    }
  }

  /** While PostgreSQL is away, tries it; once it answers (or at start), replays what the journal holds. */
  private recover(): Promise<void> {
    if (this.recovering || this.closed || (this.healthy && !this.spilled))
      return this.recovering ?? Promise.resolve();
    this.recovering = this.replayJournal()
      .catch((error: unknown) => {
        this.healthy = false;
        this.logger.warn(`download journal not replayed yet: ${describe(error)}`);
      })
      .finally(() => {
        this.recovering = undefined;
      });
    return this.recovering;
  }

  private async replayJournal(): Promise<void> {
    await this.recovery.run((client) => client.query('select 1'));
    // From here new batches go to PostgreSQL; those already journaling finish into the segment closed below.
    this.healthy = true;
    this.spilled = false;
    await this.journal.rotate();
    for (const path of await this.journal.closedSegments()) {
      const segment = await this.journal.read(path);
      if (!segment) continue;
      if (segment.rows > 0) {
        try {
          this.counts.replayed += await this.recovery.run(
            (client) => replaySegment(client, segment.lines),
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

async function copyInto(client: pg.Client, statement: string, payload: string): Promise<void> {
  const stream = client.query(copyFrom(statement));
  stream.end(payload, 'utf8');
  await finished(stream);
}

/** Writes a segment's rows in one transaction, skipping those PostgreSQL already has; answers how many were new. */
async function replaySegment(client: pg.Client, lines: string): Promise<number> {
  const columns = segmentColumns(lines);
  await client.query('begin');
  try {
    await client.query(
      `create temporary table ${REPLAY_TABLE} (like analytics.download_requests including defaults) on commit drop`,
    );
    await copyInto(client, `copy ${REPLAY_TABLE} (${columns}) from stdin`, lines);
    const inserted = await client.query(
      `insert into analytics.download_requests (${columns}) select ${columns} from ${REPLAY_TABLE} on conflict do nothing`,
    );
    // These rows come late: the counting goes back over their episodes from their time.
    await client.query(
      `insert into analytics.download_recounts (podcast_id, episode_id, since)
         select podcast_id, episode_id, min(occurred_at) from ${REPLAY_TABLE} group by podcast_id, episode_id`,
    );
    await client.query('commit');
    return inserted.rowCount ?? 0;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

/** A refusal of the rows themselves (SQLSTATE class 22, data exception), not of the connection. */
function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('22');
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
