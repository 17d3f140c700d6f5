import { EntityManager } from '@mikro-orm/postgresql';
import { byteaText, executeBound, numberedPlaceholders } from '@castbase/platform-persistence';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Attribution, ATTRIBUTION_VERSION } from '../attribution/index.js';
import {
  BURST_LISTENERS_PER_ADDRESS_HOUR,
  countDownloadsInSteps,
  type CountableRequest,
  type CountedDownload,
  type EpisodeFile,
  type ListenerWindow,
} from './download-counting.js';
import { countingFloor, startFullRecount } from './full-recount.js';
import { DOWNLOAD_REQUEST_COLUMNS } from '../downloads/download-request-row.js';
import { CoveredBytes } from './requested-ranges.js';

const DAY_MS = 86_400_000;
/** Rows of one INSERT of counted downloads. */
const DOWNLOADS_PER_INSERT = 500;
const DOWNLOAD_COLUMNS =
  'request_id, counted_at, window_start, podcast_id, episode_id, owner_id, listener, address, app, app_kind, device, os, country, source, excluded';
const WINDOW_COLUMNS = 'episode_id, key_day, key_next, window_start, listener, covered, counted';

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

type Sql = (sql: string, parameters?: unknown[]) => Promise<Array<Record<string, unknown>>>;

interface RequestRow {
  id: string;
  occurred_at: Date | string;
  podcast_id: string;
  episode_id: string;
  owner_id: string;
  listener_day: Buffer;
  listener_next: Buffer | null;
  address_day: Buffer | null;
  country: string | null;
  user_agent: string;
  range_header: string | null;
  prefetch: boolean;
  source: string | null;
  own_storage: boolean;
  first_byte: string | number | null;
  bytes_sent: string | number | null;
  complete: boolean | null;
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
      // Parameters bound by PostgreSQL (executeBound), not written into the statement's text by MikroORM first.
      const sql: Sql = (text, parameters = []) => executeBound(em, numberedPlaceholders(text), parameters);
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
      await this.markBursts(sql, touched);
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
    await this.markBursts(sql, touched);
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
      const open = keepFrom ? [] : await this.openWindows(sql, episodeId, openFrom);
      const { downloads, windows } = await countDownloadsInSteps(
        episodeRequests,
        await this.fileOf(sql, episodeId),
        this.attribution,
        open,
      );
      const keptFromMs = Math.max(keepFrom?.getTime() ?? 0, floor?.getTime() ?? 0);
      const kept = downloads.filter((download) => download.countedAtMs >= keptFromMs);
      await this.insertDownloads(sql, kept);
      if (!keepFrom)
        await sql('delete from analytics.listener_windows where episode_id = ? and window_start > ?', [
          episodeId,
          openFrom,
        ]);
      await this.saveWindows(
        sql,
        episodeId,
        [...windows].filter((window) => window.startMs > through.getTime() - DAY_MS),
      );
      const first = kept[0];
      if (first) touched.set(episodeId, new Date(Math.floor(first.countedAtMs / 3_600_000) * 3_600_000));
    }
    return touched;
  }

  private async openWindows(sql: Sql, episodeId: string, from: Date): Promise<ListenerWindow[]> {
    const rows = await sql(
      `select key_day, key_next, window_start, listener, covered, counted from analytics.listener_windows
         where episode_id = ? and window_start > ?`,
      [episodeId, from],
    );
    return rows.map((row) => {
      const covered = new CoveredBytes();
      covered.add(
        (row['covered'] as Array<[number, number | null]>).map(([first, end]) => [
          first,
          end ?? Number.POSITIVE_INFINITY,
        ]),
      );
      return {
        startMs: new Date(row['window_start'] as string).getTime(),
        listener: row['listener'] as Buffer,
        keyDay: row['key_day'] as string,
        keyNext: row['key_next'] as string | null,
        covered,
        counted: row['counted'] as boolean,
      };
    });
  }

  /**
   * One statement for all of them, the rows as one JSON parameter. A statement may not update a row twice: should two
   * windows share their key and start, the later one is kept, as one statement each would have left it.
   */
  private async saveWindows(sql: Sql, episodeId: string, windows: ListenerWindow[]): Promise<void> {
    const unique = new Map(windows.map((window) => [`${window.keyDay} ${window.startMs}`, window]));
    if (unique.size === 0) return;
    await sql(
      `insert into analytics.listener_windows (${WINDOW_COLUMNS})
         select ${WINDOW_COLUMNS} from json_populate_recordset(null::analytics.listener_windows, ?::json)
         on conflict (episode_id, key_day, window_start) do update set covered = excluded.covered, counted = excluded.counted`,
      [
        JSON.stringify(
          [...unique.values()].map((window) => ({
            episode_id: episodeId,
            key_day: window.keyDay,
            key_next: window.keyNext,
            window_start: new Date(window.startMs),
            listener: byteaText(window.listener),
            covered: window.covered.ranges.map(([first, end]) => [first, Number.isFinite(end) ? end : null]),
            counted: window.counted,
          })),
        ),
      ],
    );
  }

  /**
   * Many downloads to a statement (the rollup triggers run once per statement, not once per download), the rows as one
   * JSON parameter: JSON.stringify is native, where 15 values a row each went through the driver's serializer.
   */
  private async insertDownloads(sql: Sql, downloads: CountedDownload[]): Promise<void> {
    for (let first = 0; first < downloads.length; first += DOWNLOADS_PER_INSERT) {
      await sql(
        `insert into analytics.downloads (${DOWNLOAD_COLUMNS})
           select ${DOWNLOAD_COLUMNS} from json_populate_recordset(null::analytics.downloads, ?::json)
           on conflict (request_id) do nothing`,
        [
          JSON.stringify(
            downloads.slice(first, first + DOWNLOADS_PER_INSERT).map((download) => ({
              request_id: download.requestId,
              counted_at: new Date(download.countedAtMs),
              window_start: new Date(download.windowStartMs),
              podcast_id: download.podcastId,
              episode_id: download.episodeId,
              owner_id: download.ownerId,
              listener: byteaText(download.listener),
              address: byteaText(download.address),
              app: download.app,
              app_kind: download.appKind,
              device: download.device,
              os: download.os,
              country: download.country,
              source: download.source,
              excluded: null,
            })),
          ),
        ],
      );
    }
  }

  /** The burst rule over the hours a run counted in: an address with too many listeners of an episode in an hour. */
  private async markBursts(sql: Sql, touched: Map<string, Date>): Promise<void> {
    for (const [episodeId, fromHour] of touched) {
      await sql(
        `update analytics.downloads d set excluded = b.excluded
           from (select address, date_trunc('hour', counted_at, 'UTC') as hour,
                        case when count(*) > ? then 'burst' end as excluded
                   from analytics.downloads where episode_id = ? and counted_at >= ? and address is not null
                   group by address, date_trunc('hour', counted_at, 'UTC')) b
          where d.episode_id = ? and d.counted_at >= ? and d.address = b.address
            and date_trunc('hour', d.counted_at, 'UTC') = b.hour and d.excluded is distinct from b.excluded`,
        [BURST_LISTENERS_PER_ADDRESS_HOUR, episodeId, fromHour, episodeId, fromHour],
      );
    }
  }

  private async fileOf(sql: Sql, episodeId: string): Promise<EpisodeFile> {
    const [row] = await sql(
      'select size_bytes, duration_seconds from analytics.enclosures where episode_id = ?',
      [episodeId],
    );
    return {
      sizeBytes: row?.['size_bytes'] == null ? null : Number(row['size_bytes']),
      durationSeconds: (row?.['duration_seconds'] as number | null | undefined) ?? null,
    };
  }

  private warn(error: unknown): void {
    this.logger.warn(
      `downloads not counted this time: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** Every column of a request but its referrer (the counting has no use for it), and what was delivered of it. */
const REQUEST_COLUMNS = DOWNLOAD_REQUEST_COLUMNS.filter((column) => column !== 'referrer')
  .map((column) => `r.${column}`)
  .concat(['d.first_byte', 'd.bytes_sent', 'd.complete'])
  .join(', ');

/** The requests, each with what the storage delivered of it when Castbase's own storage served it. */
const REQUESTS_WITH_DELIVERIES = `analytics.download_requests r
  left join analytics.download_deliveries d on r.own_storage and d.request_id = r.id`;

function toCountable(row: RequestRow): CountableRequest {
  return {
    id: row.id,
    occurredAtMs: new Date(row.occurred_at).getTime(),
    podcastId: row.podcast_id,
    episodeId: row.episode_id,
    ownerId: row.owner_id,
    listenerDay: row.listener_day,
    listenerNext: row.listener_next,
    addressDay: row.address_day,
    country: row.country,
    userAgent: row.user_agent,
    rangeHeader: row.range_header,
    prefetch: row.prefetch,
    source: row.source,
    ownStorage: row.own_storage,
    delivered:
      row.bytes_sent === null || row.first_byte === null
        ? null
        : {
            firstByte: Number(row.first_byte),
            bytesSent: Number(row.bytes_sent),
            complete: row.complete === true,
          },
  };
}

/**
 * Downloads of podcasts erased in the last minutes (deleted, or with their owner's account) that reached PostgreSQL
 * after the erasure (the writer's COPYs were under way): gone before they are counted, as a COPY commits at most
 * seconds after its rows' time and counting waits `settleMs`. The podcast index finds them.
 */
async function sweepErased(sql: Sql): Promise<void> {
  await sql(
    `with swept as (
       delete from analytics.download_requests r using analytics.erased_podcasts e
        where e.erased_at > now() - interval '10 minutes' and r.podcast_id = e.podcast_id
          and r.occurred_at >= e.erased_at - interval '1 hour'
        returning r.id)
     delete from analytics.download_deliveries d using swept where d.request_id = swept.id`,
  );
}
