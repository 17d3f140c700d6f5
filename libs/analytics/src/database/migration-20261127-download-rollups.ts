import { Migration } from '@mikro-orm/migrations';
import {
  ALL_ROLLUP_TABLES,
  rebuildFunctionsSql,
  rollupTablesSql,
  triggersSql,
} from './download-rollup-triggers.js';

/**
 * Rollups of the counted downloads, which the analytics screens read instead of `downloads`:
 * - `podcast_download_months|days|hours` and `episode_download_months|days|hours`: plays per UTC month, day or hour per
 *   dimension (`total`, `country`, `app`, `device`, `source`; at the podcast level also per `episode` and per UTC
 *   `hour` of the day), burst-excluded downloads left out. Hours are kept 62 days (the retention job deletes older
 *   ones), the rest for as long as the downloads.
 * - `podcast_listeners` and `episode_listeners`: each listener key's latest counted download, and
 *   `*_listener_hours`: how many listeners have their latest in each hour, so the distinct listeners since any time
 *   are a sum (keys change with the daily salt, so listeners cannot be added across days any other way).
 * Statement-level triggers with transition tables keep them exact whoever writes `downloads` (the counter, a recount,
 * the burst rule's update, an erasure, a test's SQL); a TRUNCATE empties them. The existing downloads are rolled up
 * here by `analytics.rebuild_download_rollups()` (its halves `rebuild_download_counts()` and
 * `rebuild_download_listeners()` may run at once). `downloads` gains an index on `listener`, by which a listener's
 * latest download is found again after a delete or an update.
 *
 * `download_counting.raw_kept_from` is where the raw log starts once retention has dropped older requests (null while
 * it holds everything): a recount keeps the downloads before it (and a day after, whose windows began before it).
 */
export class CreateDownloadRollups extends Migration {
  override async up(): Promise<void> {
    for (const statement of rollupTablesSql()) this.addSql(statement);
    this.addSql('create index downloads_listener_index on downloads (listener)');
    for (const statement of triggersSql()) this.addSql(statement);
    for (const statement of rebuildFunctionsSql()) this.addSql(statement);
    this.addSql('select analytics.rebuild_download_rollups()');
    this.addSql('alter table download_counting add column raw_kept_from timestamptz null');
  }

  override async down(): Promise<void> {
    this.addSql('alter table download_counting drop column raw_kept_from');
    for (const change of ['insert', 'delete', 'update', 'truncate']) {
      this.addSql(`drop trigger if exists downloads_rollup_${change} on downloads`);
      this.addSql(`drop function if exists analytics.downloads_rollup_${change}()`);
    }
    for (const name of ['rebuild_download_rollups', 'rebuild_download_counts', 'rebuild_download_listeners'])
      this.addSql(`drop function if exists analytics.${name}()`);
    this.addSql('drop index if exists downloads_listener_index');
    for (const table of ALL_ROLLUP_TABLES) this.addSql(`drop table if exists ${table}`);
  }
}
