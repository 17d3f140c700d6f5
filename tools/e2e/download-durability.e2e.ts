import { mkdtemp, readdir } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { resolveFfmpegBinaries, renderToneMp3 } from '@castbase/platform-ffmpeg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '@castbase/platform-persistence';
import { createTestDatabase, freePort, waitFor, type TestDatabase } from '@castbase/platform-testing';
import { ApiClient, createTestUser } from './support/api-client.js';
import { createAndPublishEpisode, createPodcast, uploadMp3 } from './support/publish-flow.js';
import { exited, startBuiltProcess, waitUntilReady, type StartedProcess } from './support/processes.js';
import { testProcessEnv } from './support/test-process-env.js';

const ALL_IN_ONE = 'apps/all-in-one/dist/main.js';
const BURST = 10_000;
const CONCURRENCY = 64;

/** One download attempt of the burst: its own user agent, so its row can be found; whether it got its 302. */
interface Attempt {
  userAgent: string;
  served: boolean;
}

/** A GET of the enclosure URL; resolves with the status, or 0 when the connection failed (the process was gone). */
function download(baseUrl: string, path: string, userAgent: string, agent: Agent): Promise<number> {
  return new Promise((resolve) => {
    const call = request(`${baseUrl}${path}`, { agent, headers: { 'User-Agent': userAgent } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', () => resolve(0));
    });
    call.on('error', () => resolve(0));
    call.end();
  });
}

/**
 * Sends downloads `CONCURRENCY` at a time until `served` of them got their 302 (or `attempts` reached `limit`),
 * calling `onServed` after each 302 (a test stops or kills things from there). Every attempt has its own user agent.
 */
async function burst(options: {
  baseUrl: () => string;
  path: string;
  attempts: Attempt[];
  until: (served: number) => boolean;
  onServed?: (served: number) => Promise<void> | void;
}): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let served = options.attempts.filter((attempt) => attempt.served).length;
  let stop = options.until(served);
  const worker = async () => {
    while (!stop) {
      const attempt: Attempt = {
        userAgent: `CastbaseDurabilityTest/1.0 (attempt ${options.attempts.length})`,
        served: false,
      };
      options.attempts.push(attempt);
      const status = await download(options.baseUrl(), options.path, attempt.userAgent, agent);
      if (status === 302) {
        attempt.served = true;
        served += 1;
        if (options.until(served)) stop = true;
        await options.onServed?.(served);
      } else if (status !== 0) {
        throw new Error(`a download was answered ${status}`);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    agent.destroy();
  }
}

/** The rows recorded for each user agent of the burst. */
async function rowsPerAttempt(db: pg.Client, episodeId: string): Promise<Map<string, number>> {
  const result = await db.query<{ user_agent: string; rows: number }>(
    `select user_agent, count(*)::int as rows from analytics.download_requests
      where episode_id = $1 and user_agent like 'CastbaseDurabilityTest/%' group by user_agent`,
    [episodeId],
  );
  return new Map(result.rows.map((row) => [row.user_agent, row.rows]));
}

/** Waits until there are as many rows as served 302s: a 302 leaves once its row is in the journal, PostgreSQL gets it
 * a moment later (or, after an outage, from the journal's files). */
async function servedRowsWritten(db: pg.Client, episodeId: string, attempts: Attempt[]): Promise<void> {
  const served = attempts.filter((attempt) => attempt.served).length;
  await waitFor(
    'the served downloads to be written',
    async () => [...(await rowsPerAttempt(db, episodeId)).values()].reduce((sum, n) => sum + n, 0) >= served,
    { timeoutMs: 30_000 },
  );
}

/** Every 302 a client got has exactly one row; an attempt cut off before its 302 has at most one. */
function expectEachServedCountedOnce(attempts: Attempt[], rows: Map<string, number>): void {
  const served = attempts.filter((attempt) => attempt.served);
  expect(served.length).toBeGreaterThanOrEqual(BURST);
  const servedWithout = served.filter((attempt) => rows.get(attempt.userAgent) !== 1);
  expect(servedWithout.map((attempt) => [attempt.userAgent, rows.get(attempt.userAgent) ?? 0])).toEqual([]);
  const doubled = [...rows].filter(([, count]) => count !== 1);
  expect(doubled).toEqual([]);
}

/** A creator's published episode on a running process, and its enclosure path once /e/ answers it. */
async function publishedEpisode(baseUrl: string, username: string) {
  const creator = await createTestUser(username);
  const api = new ApiClient(baseUrl).as(creator);
  const mp3 = join(await mkdtemp(join(tmpdir(), 'castbase-mp3-')), 'tone.mp3');
  await renderToneMp3(resolveFfmpegBinaries(), mp3, 2);
  const podcast = await createPodcast(api, 'Durable Downloads');
  const media = await uploadMp3(api, mp3, 'durable.mp3');
  const episode = await createAndPublishEpisode(api, podcast, media, 'Counted once');
  const path = `/e/${podcast.id}/${episode.id}/durable.mp3`;
  await waitFor('the enclosure to answer', async () => {
    const response = await fetch(`${baseUrl}${path}`, { method: 'HEAD', redirect: 'manual' });
    return response.status === 302;
  });
  return { episodeId: episode.id, path };
}

describe('every download a listener got its redirect for is counted exactly once', () => {
  const running: StartedProcess[] = [];

  afterEach(async () => {
    for (const started of running.splice(0)) {
      started.child.kill('SIGKILL');
      await exited(started.child);
    }
  });

  describe('when the process is SIGKILLed in the middle of a burst', () => {
    let database: TestDatabase;
    let db: pg.Client;

    beforeAll(async () => {
      database = await createTestDatabase('downloads_kill');
      db = new pg.Client({ connectionString: database.url });
      await db.connect();
    });

    afterAll(async () => {
      await db?.end();
      await database?.drop();
    });

    it('counts every served 302 once after the restart', async () => {
      const port = await freePort();
      const env = await testProcessEnv(database, port, 'in-process');
      const baseUrl = `http://localhost:${port}`;
      const first = startBuiltProcess(ALL_IN_ONE, env);
      running.push(first);
      await waitUntilReady(baseUrl, first);
      const { episodeId, path } = await publishedEpisode(baseUrl, 'killed');
      const attempts: Attempt[] = [];

      await burst({
        baseUrl: () => baseUrl,
        path,
        attempts,
        until: (served) => served >= BURST * 0.4,
        onServed: (served) => {
          if (served === Math.floor(BURST * 0.4)) first.child.kill('SIGKILL');
        },
      });
      await exited(first.child);
      const second = startBuiltProcess(ALL_IN_ONE, env);
      running.push(second);
      await waitUntilReady(baseUrl, second);
      await burst({ baseUrl: () => baseUrl, path, attempts, until: (served) => served >= BURST });

      await servedRowsWritten(db, episodeId, attempts);
      expectEachServedCountedOnce(attempts, await rowsPerAttempt(db, episodeId));
    }, 240_000);
  });

  describe('when PostgreSQL stops for part of a burst', () => {
    let postgres: EmbeddedDatabase | undefined;
    let pgDir: string;
    let pgPort: number;

    beforeAll(async () => {
      pgDir = await mkdtemp(join(tmpdir(), 'castbase-e2e-pg-'));
      pgPort = await freePort();
      postgres = await startEmbeddedPostgres(pgDir, pgPort, 'castbase_downloads');
    }, 120_000);

    afterAll(async () => {
      await postgres?.stop();
    });

    it('answers every download while PostgreSQL is down and counts each once when it is back, across a restart', async () => {
      const port = await freePort();
      const env = await testProcessEnv(
        { name: 'castbase_downloads', url: postgres!.url, drop: async () => undefined },
        port,
        'in-process',
      );
      const baseUrl = `http://localhost:${port}`;
      const first = startBuiltProcess(ALL_IN_ONE, env);
      running.push(first);
      await waitUntilReady(baseUrl, first);
      const { episodeId, path } = await publishedEpisode(baseUrl, 'outage');
      const attempts: Attempt[] = [];

      // A fifth of the burst with PostgreSQL up, then it stops: the next two fifths are answered all the same.
      await burst({ baseUrl: () => baseUrl, path, attempts, until: (served) => served >= BURST * 0.2 });
      await postgres!.stop();
      postgres = undefined;
      const servedBefore = attempts.filter((attempt) => attempt.served).length;
      const attemptsBefore = attempts.length;
      await burst({ baseUrl: () => baseUrl, path, attempts, until: (served) => served >= BURST * 0.6 });
      const duringOutage = attempts.slice(attemptsBefore);
      // They were journaled on the process's disk (ANALYTICS_SPILL_DIR's default: beside the storage folder).
      const spill = join(dirname(String(env['STORAGE_DIR'])), 'analytics-spill');
      expect((await readdir(spill)).filter((name) => name.endsWith('.copy')).length).toBeGreaterThan(0);
      expect(duringOutage.every((attempt) => attempt.served)).toBe(true);
      expect(duringOutage.length).toBeGreaterThanOrEqual(BURST * 0.6 - servedBefore);

      // PostgreSQL comes back: the journal is replayed, and the rest of the burst is written directly.
      postgres = await startEmbeddedPostgres(pgDir, pgPort, 'castbase_downloads');
      await burst({ baseUrl: () => baseUrl, path, attempts, until: (served) => served >= BURST * 0.8 });

      // Down again, and the process is killed while its journal holds rows: the next process replays them.
      await postgres.stop();
      postgres = undefined;
      await burst({ baseUrl: () => baseUrl, path, attempts, until: (served) => served >= BURST });
      first.child.kill('SIGKILL');
      await exited(first.child);
      postgres = await startEmbeddedPostgres(pgDir, pgPort, 'castbase_downloads');
      const second = startBuiltProcess(ALL_IN_ONE, env);
      running.push(second);
      await waitUntilReady(baseUrl, second);

      const db = new pg.Client({ connectionString: postgres.url });
      await db.connect();
      try {
        await servedRowsWritten(db, episodeId, attempts);
        expectEachServedCountedOnce(attempts, await rowsPerAttempt(db, episodeId));
        await waitFor('the replayed segments to go', async () =>
          (await readdir(spill)).every((name) => !name.endsWith('.copy')),
        );
      } finally {
        await db.end();
      }
    }, 300_000);
  });
});
