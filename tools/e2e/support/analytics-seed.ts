import pg from 'pg';
import { feedVariantKey } from '@castbase/contracts';
import { waitFor, type TestDatabase } from '@castbase/platform-testing';
import {
  planAnalyticsSeed,
  type AnalyticsSeed,
  type AnalyticsSeedPlan,
  type SeededDownload,
} from './analytics-seed-plan.js';

// A podcast's analytics history for browser tests, written by SQL into the app's own database: counted downloads
// (`analytics.downloads`, as the IAB counting stores them, attributed), the Castbase players' listening sessions
// (`analytics.listening_sessions`) and feed requests (`analytics.feed_requests`), as analytics-seed-plan.ts plans
// them. The episodes are real ones made through the API, so the catalog knows them. Everything inserted is returned,
// so a test computes the figures it expects from it. Rows inserted into `downloads` also reach the rollups its
// triggers keep.

export type { AnalyticsSeed, AnalyticsSeedPlan, SeedEpisode, SeededDownload } from './analytics-seed-plan.js';

const BATCH_ROWS = 500;

/** Inserts rows (column name to value, every row the same columns) into an analytics table, 500 a statement. */
async function insertRows(client: pg.Client, table: string, rows: ReadonlyArray<Record<string, unknown>>) {
  const columns = Object.keys(rows[0] ?? {});
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS);
    const values = batch.map(
      (_, row) => `(${columns.map((__, column) => `$${row * columns.length + column + 1}`).join(', ')})`,
    );
    await client.query(
      `insert into analytics.${table} (${columns.join(', ')}) values ${values.join(', ')}`,
      batch.flatMap((entry) => columns.map((column) => entry[column])),
    );
  }
}

/**
 * Plans the history and writes it into the app's database, in one transaction; answers what it wrote. It waits for the
 * download counter's first run first: that run starts the count afresh (it deletes every counted download), so rows
 * written before it would be lost. Rows have no address (the burst rule's key), so no later run excludes them.
 */
export async function seedAnalytics(database: TestDatabase, plan: AnalyticsSeedPlan): Promise<AnalyticsSeed> {
  const seed = planAnalyticsSeed(plan);
  const owner = { podcast_id: plan.podcastId, owner_id: plan.ownerId };
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await waitFor(
      "the download counter's first run",
      async () => (await client.query('select 1 from analytics.download_counting')).rowCount === 1,
      { timeoutMs: 60_000, intervalMs: 200 },
    );
    await client.query('begin');
    await insertRows(
      client,
      'downloads',
      seed.downloads.map((download) => ({
        request_id: download.requestId,
        counted_at: download.countedAt,
        window_start: download.countedAt,
        ...owner,
        episode_id: download.episodeId,
        listener: Buffer.from(download.listener, 'hex'),
        address: null,
        app: download.app,
        app_kind: download.appKind,
        device: download.device,
        os: download.os,
        country: download.country,
        source: download.source,
        excluded: null,
      })),
    );
    await insertRows(
      client,
      'listening_sessions',
      seed.sessions.map(({ download, ...session }) => {
        const ended = new Date(session.startedAt.getTime() + session.listenedSeconds * 1000);
        return {
          session_id: session.sessionId,
          ...owner,
          episode_id: session.episodeId,
          player: session.player,
          listener: Buffer.from(download.listener, 'hex'),
          country: download.country,
          app: download.app,
          device: download.device,
          started_at: session.startedAt,
          last_beacon_at: ended,
          ended_at: ended,
          listened_seconds: session.listenedSeconds,
          max_position: session.listenedSeconds,
          duration_seconds: session.durationSeconds,
        };
      }),
    );
    await insertRows(
      client,
      'feed_requests',
      seed.feedRequests.map((request) => ({
        requested_at: request.requestedAt,
        podcast_id: plan.podcastId,
        variant: feedVariantKey({ kind: 'main' }),
        status: 200,
        bytes: request.bytes,
        encoding: 'gzip',
        cache_hit: false,
        app: request.app,
        app_kind: request.appKind,
        filtered: false,
        country: request.country,
        fetcher: Buffer.from(request.fetcher, 'hex'),
        aggregator: null,
        aggregator_feed: null,
        aggregator_subscribers: null,
      })),
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    await client.end();
  }
  return seed;
}

/**
 * Waits until the analytics service keeps the enclosures of these (published) episodes: it learns them from the
 * catalog's events, after the API answered. The podcast screen lists published episodes from them.
 */
export async function waitForEnclosures(
  database: TestDatabase,
  episodeIds: readonly string[],
): Promise<void> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await waitFor(
      `the enclosures of ${episodeIds.length} episode(s)`,
      async () => {
        const { rows } = await client.query<{ n: number }>(
          'select count(*)::int as n from analytics.enclosures where episode_id = any($1::uuid[])',
          [episodeIds],
        );
        return rows[0]?.n === episodeIds.length;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
  } finally {
    await client.end();
  }
}

/** The seeded downloads of an episode counted at or after `from` (all when null). */
export function seededDownloads(seed: AnalyticsSeed, episodeId: string, from: Date | null): SeededDownload[] {
  return seed.downloads.filter(
    (download) =>
      download.episodeId === episodeId && (from === null || download.countedAt.getTime() >= from.getTime()),
  );
}

/** Distinct listener keys among downloads. */
export function distinctListeners(downloads: readonly SeededDownload[]): number {
  return new Set(downloads.map((download) => download.listener)).size;
}
