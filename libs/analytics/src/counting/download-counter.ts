import { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '@castbase/platform-config';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Attribution, ATTRIBUTION_VERSION } from '../attribution/index.js';
import { countDownloadsInSteps, windowKeysOf, type CountableRequest } from './download-counting.js';
import { countingFloor, startFullRecount } from './full-recount.js';
import {
  countingSql,
  fileOf,
  insertDownloads,
  markBursts,
  openWindows,
  REQUEST_COLUMNS,
  REQUESTS_WITH_DELIVERIES,
  saveWindows,
  sweepErased,
  toCountable,
  type RequestRow,
  type Sql,
} from './download-counting-sql.js';
const DAY_MS = 86_400_000;
export interface DownloadCounterOptions {
  /** How often the job looks for new requests. */
  intervalMs: number;
  /** Requests younger than this are left for the next run: a COPY may still be committing them. */
  settleMs: number;
  /** The most raw log one run takes (catching up goes run after run). */
  sliceMs: number;
  /**
   * The most requests one run takes (and those of the same millisecond as its last): a run parses and counts its
   * requests in this process, beside the redirect, so a short one keeps the event loop's pauses short under load.
   */
  maxRequestsPerRun: number;
}

export const DOWNLOAD_COUNTER_OPTIONS = Symbol('DOWNLOAD_COUNTER_OPTIONS');
export const DEFAULT_DOWNLOAD_COUNTER_OPTIONS: DownloadCounterOptions = {
  intervalMs: 10_000,
  settleMs: 30_000,
  sliceMs: 60 * 60 * 1000,
  maxRequestsPerRun: 2_000,
};

/** The counter's options from the process's configuration (ANALYTICS_COUNT_SETTLE_MS). */
export function downloadCounterOptions(
  config: Pick<AppConfig, 'ANALYTICS_COUNT_SETTLE_MS'>,
): DownloadCounterOptions {
  return { ...DEFAULT_DOWNLOAD_COUNTER_OPTIONS, settleMs: config.ANALYTICS_COUNT_SETTLE_MS };
}

/**
 * Turns the raw log (`download_requests`) into IAB v2.2 downloads (`downloads`), run after run, each in one
 * transaction under an advisory lock (one replica counts at a time; a run that fails changes nothing). A run takes
 * the requests after `counted_through` (at most `sliceMs` of them, and none younger than `settleMs`), goes on from the
 * listeners' open windows, stores the downloads and the windows still open, applies the burst rule to the hours it
 * touched and moves `counted_through`. Requests the journal wrote late, and requests whose delivery the storage
 * reported after they were counted, are counted again from their time (`download_recounts`). When the attribution tables change (ATTRIBUTION_VERSION), everything is counted again.
 */
@Injectable()
export class DownloadCounter implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DownloadCounter.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly em: EntityManager,
    private readonly attribution: Attribution,
    @Inject(DOWNLOAD_COUNTER_OPTIONS) private readonly options: DownloadCounterOptions,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (!this.running) void this.countNow().catch((error: unknown) => this.warn(error));
    }, this.options.intervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /**
   * Counts everything that has settled; resolves when caught up (or another replica holds the lock). A caller that
   * knows no write is under way (a test, a recount by hand) may count up to now with `settleMs: 0`.
   */
  async countNow(options: { settleMs?: number } = {}): Promise<void> {
    const settleMs = options.settleMs ?? this.options.settleMs;
    // A run under way (the timer's) may leave out what this caller wants counted: wait for it, then run.
    while (this.running) await this.running.catch(() => undefined);
    this.running = (async () => {
      while (!this.stopped && (await this.run(settleMs))) {
        // Catching up: the next slice at once.
      }
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** One run; true when more settled requests wait. */
  private async run(settleMs: number): Promise<boolean> {
    return this.em.fork().transactional(async (em) => {
      const sql = countingSql(em);
      const [lock] = await sql(
        `select pg_try_advisory_xact_lock(hashtext('analytics.download_counting')) as locked`,
      );
      if (!lock?.['locked']) return false;
      await sweepErased(sql);

      const [now] = await sql('select now() as now');
      const settled = new Date(new Date(now!['now'] as string).getTime() - settleMs);
      let [state] = await sql(
        'select attribution_version, counted_through, raw_kept_from from analytics.download_counting',
      );
      const floor = countingFloor(state);
      if (!state || state['attribution_version'] !== ATTRIBUTION_VERSION) {
        if (state) this.logger.log('attribution tables changed: counting every download again');
        state = { counted_through: await startFullRecount(sql, state, settled) };
      }
      const from = new Date(state['counted_through'] as string);
      const through = await this.runEnd(
        sql,
        from,
        new Date(Math.min(settled.getTime(), from.getTime() + this.options.sliceMs)),
      );
      if (through <= from) return false;

      await this.recount(sql, from, floor);
      const rows = (await sql(
        `select ${REQUEST_COLUMNS} from ${REQUESTS_WITH_DELIVERIES}
           where r.occurred_at > ? and r.occurred_at <= ? order by r.occurred_at, r.id`,
        [from, through],
      )) as unknown as RequestRow[];
      const touched = await this.countSlice(sql, rows.map(toCountable), through, null, floor);
      await markBursts(sql, touched);
      await sql('delete from analytics.listener_windows where window_start <= ?', [
        new Date(through.getTime() - DAY_MS),
      ]);
      await sql('update analytics.download_counting set counted_through = ? where id = 1', [through]);
      return through < settled;
    });
  }

  /**
   * Where a run from `from` ends: at `until`, or earlier at the time of its `maxRequestsPerRun`-th request (to the
   * millisecond, so a request a microsecond later than it goes in the next run, never in none).
   */
  private async runEnd(sql: Sql, from: Date, until: Date): Promise<Date> {
    if (until <= from) return until;
    const [last] = await sql(
      `select occurred_at from analytics.download_requests
         where occurred_at > ? and occurred_at <= ? order by occurred_at offset ? limit 1`,
      [from, until, this.options.maxRequestsPerRun - 1],
    );
    if (!last) return until;
    const lastAt = new Date(last['occurred_at'] as string);
    // Within the millisecond of `from` (stored with microseconds): the whole slice instead, or the run would end where it began.
    return lastAt > from && lastAt < until ? lastAt : until;
  }

  /**
   * Episodes whose requests arrived late (replayed from the journal) or whose deliveries did (`download_deliveries`):
   * counted again from a day before them.
   */
  private async recount(sql: Sql, countedThrough: Date, floor: Date | null): Promise<void> {
    const recounts = await sql(
      `delete from analytics.download_recounts where since <= ?
         returning podcast_id, episode_id, since`,
      [countedThrough],
    );
    const since = new Map<string, Date>();
    for (const row of recounts) {
      const episodeId = row['episode_id'] as string;
      const at = new Date(row['since'] as string);
      const earlier = since.get(episodeId);
      if (!earlier || at < earlier) since.set(episodeId, at);
    }
    const touched = new Map<string, Date>();
    for (const [episodeId, at] of since) {
      // Downloads from a day before the late requests may change; windows open then began at most a day earlier.
      // Never before the floor: the raw requests they were counted from may be gone.
      const replaceFrom = new Date(Math.max(at.getTime() - DAY_MS, floor?.getTime() ?? 0));
      await sql('delete from analytics.downloads where episode_id = ? and counted_at >= ?', [
        episodeId,
        replaceFrom,
      ]);
      await sql('delete from analytics.listener_windows where episode_id = ?', [episodeId]);
      const rows = (await sql(
        `select ${REQUEST_COLUMNS} from ${REQUESTS_WITH_DELIVERIES}
           where r.episode_id = ? and r.occurred_at >= ? and r.occurred_at <= ? order by r.occurred_at, r.id`,
        [episodeId, new Date(replaceFrom.getTime() - DAY_MS), countedThrough],
      )) as unknown as RequestRow[];
      for (const [episode, hour] of await this.countSlice(
        sql,
        rows.map(toCountable),
        countedThrough,
        replaceFrom,
        floor,
      ))
        touched.set(episode, hour);
    }
    await markBursts(sql, touched);
  }

  /**
   * Counts one slice of requests per episode, going on from the stored open windows (none when `keepFrom` is set:
   * a recount, which keeps only the downloads from then). Downloads before `floor` (countingFloor) are never written.
   * Answers, per episode, the first hour it counted in.
   */
  private async countSlice(
    sql: Sql,
    requests: CountableRequest[],
    through: Date,
    keepFrom: Date | null,
    floor: Date | null,
  ): Promise<Map<string, Date>> {
    const byEpisode = new Map<string, CountableRequest[]>();
    for (const request of requests) {
      const list = byEpisode.get(request.episodeId);
      if (list) list.push(request);
      else byEpisode.set(request.episodeId, [request]);
    }
    const touched = new Map<string, Date>();
    for (const [episodeId, episodeRequests] of byEpisode) {
      const openFrom = new Date(episodeRequests[0]!.occurredAtMs - DAY_MS);
      const open = keepFrom ? [] : await openWindows(sql, episodeId, openFrom, windowKeysOf(episodeRequests));
      const { downloads, windows } = await countDownloadsInSteps(
        episodeRequests,
        await fileOf(sql, episodeId),
        this.attribution,
        open,
      );
      const keptFromMs = Math.max(keepFrom?.getTime() ?? 0, floor?.getTime() ?? 0);
      const kept = downloads.filter((download) => download.countedAtMs >= keptFromMs);
      await insertDownloads(sql, kept);
      // The windows read are written back (upserted) with the new ones; windows that ended are deleted after the run.
      await saveWindows(
        sql,
        episodeId,
        [...windows].filter((window) => window.startMs > through.getTime() - DAY_MS),
      );
      const first = kept[0];
      if (first) touched.set(episodeId, new Date(Math.floor(first.countedAtMs / 3_600_000) * 3_600_000));
    }
    return touched;
  }

  private warn(error: unknown): void {
    this.logger.warn(
      `downloads not counted this time: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
