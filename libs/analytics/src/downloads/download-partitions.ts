import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { utcDay } from './listener-keys.js';

const DAY_MS = 86_400_000;
/** Day partitions exist this many days ahead of today, so a new day's downloads never land in the default one. */
const DAYS_AHEAD = 7;
const CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** `download_requests_YYYYMMDD` for the UTC day starting at `dayStartMs`. */
export function partitionName(dayStartMs: number): string {
  return `download_requests_${utcDay(dayStartMs).replaceAll('-', '')}`;
}

/**
 * Makes `download_requests`' day partitions ahead (today and the next seven days) at start and every hour.
 * Replicas may do it at once: `create table if not exists` under an advisory lock. Rows older than the first
 * partition (a journal replayed days later) stay in the default partition, which is never split.
 */
@Injectable()
export class DownloadPartitions implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(DownloadPartitions.name);
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly em: EntityManager) {}

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
    await this.em.fork().transactional(async (em) => {
      const connection = em.getConnection();
      await connection.execute(
        `select pg_advisory_xact_lock(hashtext('analytics.download_requests'))`,
        [],
        'get',
        em.getTransactionContext(),
      );
      for (let day = 0; day <= DAYS_AHEAD; day += 1) {
        const start = today + day * DAY_MS;
        const exists = await connection.execute<Array<{ name: string | null }>>(
          'select to_regclass(?) as name',
          [`analytics.${partitionName(start)}`],
          'all',
          em.getTransactionContext(),
        );
        if (exists[0]?.name) continue;
        const strays = await connection.execute<Array<{ found: number }>>(
          'select 1 as found from analytics.download_requests_default where occurred_at >= ? and occurred_at < ? limit 1',
          [new Date(start), new Date(start + DAY_MS)],
          'all',
          em.getTransactionContext(),
        );
        if (strays.length > 0) {
          // PostgreSQL cannot make a partition over rows the default one holds: that day stays there.
          this.logger.warn(`${partitionName(start)} not made: the default partition holds rows of that day`);
          continue;
        }
        await connection.execute(
          `create table analytics.${partitionName(start)} partition of analytics.download_requests
             for values from ('${new Date(start).toISOString()}') to ('${new Date(start + DAY_MS).toISOString()}')`,
          [],
          'run',
          em.getTransactionContext(),
        );
      }
    });
  }
}
