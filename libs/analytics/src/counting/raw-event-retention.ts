import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@castbase/platform-config';
import { HOURS_KEPT_DAYS } from '../database/counts-rollup.js';
import { dropDayPartitionsBefore } from '../database/day-partitions.js';
import { inTransaction } from '../database/sql-transaction.js';
import { FETCHER_SET_DAYS } from '../database/feed-rollup-triggers.js';

const DAY_MS = 86_400_000;
/** ANALYTICS_RAW_RETENTION_DAYS when the configuration does not say. */
export const DEFAULT_RAW_RETENTION_DAYS = 400;
/** How long the retention waits for the partitions' lock: it tries again next hour rather than hold up a COPY. */
const LOCK_TIMEOUT_MS = 2_000;

/**
 * What the raw events keep, run by the partition job every hour: the raw download and feed requests of the UTC days
 * older than ANALYTICS_RAW_RETENTION_DAYS are dropped (their day partitions, and the default partition's rows), the
 * download requests never before the counting has gone a day past them (its listeners' windows read back a day), with
 * the deliveries the storage reported of them.
 * `download_counting.raw_kept_from` then says where the raw log starts, for a recount. The counted downloads and the
 * daily and monthly rollups stay; the hourly rollups are kept HOURS_KEPT_DAYS days and the feed's sets of fetchers
 * FETCHER_SET_DAYS days (a day more, for a day still being written). The erased podcasts (`erased_podcasts`) are forgotten
 * with the raw requests of their erasure's day.
 */
@Injectable()
export class RawEventRetention {
  private readonly logger = new Logger(RawEventRetention.name);
  private readonly days: number;

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) config: Partial<Pick<AppConfig, 'ANALYTICS_RAW_RETENTION_DAYS'>>,
  ) {
    this.days = config.ANALYTICS_RAW_RETENTION_DAYS ?? DEFAULT_RAW_RETENTION_DAYS;
  }

  async apply(now = Date.now()): Promise<void> {
    const today = Math.floor(now / DAY_MS) * DAY_MS;
    const cutoff = today - this.days * DAY_MS;
    await inTransaction(this.em, async (sql) => {
      await sql(`select set_config('lock_timeout', '${LOCK_TIMEOUT_MS}', true)`);
      await sql(`select pg_advisory_xact_lock(hashtext('analytics.download_requests'))`);
      const [state] = await sql('select counted_through from analytics.download_counting');
      if (state) {
        const countedDay =
          Math.floor((new Date(state['counted_through'] as string).getTime() - DAY_MS) / DAY_MS) * DAY_MS;
        const before = Math.min(cutoff, countedDay);
        // What the storage delivered of those requests goes with them (and any reference that named none).
        await sql('delete from analytics.download_deliveries where requested_at < ?', [new Date(before)]);
        if (await dropDayPartitionsBefore(sql, 'download_requests', before)) {
          await sql(
            `update analytics.download_counting set raw_kept_from = greatest(coalesce(raw_kept_from, ?), ?)`,
            [new Date(before), new Date(before)],
          );
          this.logger.log(`raw download requests before ${new Date(before).toISOString()} dropped`);
        }
      }
      // A journal segment written before then would be dropped with its day: nothing can bring an erased user back.
      await sql('delete from analytics.erased_podcasts where erased_at < ?', [new Date(cutoff)]);
      if (await dropDayPartitionsBefore(sql, 'feed_requests', cutoff))
        this.logger.log(`raw feed requests before ${new Date(cutoff).toISOString()} dropped`);
      const hoursBefore = new Date(today - HOURS_KEPT_DAYS * DAY_MS);
      for (const table of ['podcast_download_hours', 'episode_download_hours', 'podcast_feed_request_hours'])
        await sql(`delete from analytics.${table} where hour < ?`, [hoursBefore]);
      await sql('delete from analytics.feed_fetcher_days where day < ?', [
        new Date(today - (FETCHER_SET_DAYS + 1) * DAY_MS).toISOString().slice(0, 10),
      ]);
    });
  }
}
