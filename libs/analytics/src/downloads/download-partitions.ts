import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { RawEventRetention } from '../counting/raw-event-retention.js';
import {
  dayPartitionName,
  DAY_PARTITIONED_TABLES,
  makeDayPartitions,
  type DayPartitionedTable,
} from '../database/day-partitions.js';
import { inTransaction } from '../database/sql-transaction.js';

const DAY_MS = 86_400_000;
/** Day partitions exist this many days ahead of today, so a new day's rows never land in the default one. */
const DAYS_AHEAD = 7;
const CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** `download_requests_YYYYMMDD` for the UTC day starting at `dayStartMs`. */
export function partitionName(dayStartMs: number): string {
  return dayPartitionName('download_requests', dayStartMs);
}

/**
 * The partition job: makes the day partitions of `download_requests` and `feed_requests` ahead (today and the next
 * seven days) at start and every hour, then applies the raw events' retention (RawEventRetention) in a transaction of
 * its own. Replicas may do it at once: `create table if not exists` under an advisory lock. Rows older than the first
 * partition (a journal replayed days later) stay in the default partition, which is never split.
 */
@Injectable()
export class DownloadPartitions implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(DownloadPartitions.name);
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly em: EntityManager,
    private readonly retention: RawEventRetention,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.ensure();
    this.timer = setInterval(() => {
      this.ensure().catch((error: unknown) =>
        this.logger.warn(
          `download partitions not made: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    }, CHECK_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async ensure(now = Date.now()): Promise<void> {
    const today = Math.floor(now / DAY_MS) * DAY_MS;
    await inTransaction(this.em, async (sql) => {
      await sql(`select pg_advisory_xact_lock(hashtext('analytics.download_requests'))`);
      for (const table of Object.keys(DAY_PARTITIONED_TABLES) as DayPartitionedTable[])
        // PostgreSQL cannot make a partition over rows the default one holds: that day stays there.
        await makeDayPartitions(sql, table, today, DAYS_AHEAD + 1, (name) =>
          this.logger.warn(`${name} not made: the default partition holds rows of that day`),
        );
    });
    await this.retention
      .apply(now)
      .catch((error: unknown) =>
        this.logger.warn(`raw events not trimmed: ${error instanceof Error ? error.message : String(error)}`),
      );
  }
}
