import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { waitFor, type TcpProxy } from '@castbase/platform-testing';
import { startAnalyticsTestApp, type AnalyticsTestApp } from '../testing/analytics-test-app.js';
import { databaseRelay } from '../testing/database-relay.js';
import { aDownloadRequestRow } from '../testing/download-request-rows.js';
import { toCopyLine, type DownloadRequestRow } from './download-request-row.js';
import { DownloadJournal } from './download-journal.js';
import { DownloadWriter, type DownloadWriterOptions } from './download-writer.js';

/** A download of one podcast (each test has its own), as the redirect records it. */
const aRow = (podcastId: string, overrides: Partial<DownloadRequestRow> = {}) =>
  aDownloadRequestRow({ podcastId }, overrides);

describe('DownloadJournal', () => {
  it('makes each segment ahead, zeroes to its full size, writes rows over them and cuts it to its rows when closed', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'castbase-spill-'));
    const journal = new DownloadJournal(directory, 4096);
    const files = async () => (await readdir(directory)).sort();

    const segment = await journal.append('a\tb\n'.repeat(10), 10);

    // The one written to, and the next one, made ahead (begun as the first was taken, maybe not there yet).
    await waitFor('the next segment to be made ahead', async () => (await files()).length === 2);
    expect(await files()).toHaveLength(2);
    const content = await readFile(segment.path);
    expect(content.length).toBe(4096);
    expect(content.subarray(0, 40).toString()).toBe('a\tb\n'.repeat(10));
    expect(content.subarray(40).every((byte) => byte === 0)).toBe(true);
    expect(await journal.read(segment.path)).toMatchObject({ rows: 10 });

    await journal.append('c\td\n'.repeat(2), 2);
    expect(await journal.rotate()).toEqual([segment]);
    expect((await readFile(segment.path)).toString()).toBe('a\tb\n'.repeat(10) + 'c\td\n'.repeat(2));

    // A full segment closes, and the next append goes to the one made ahead.
    const next = await journal.append('e\tf\n'.repeat(1100), 1100);
    expect(next).not.toBe(segment);
    expect(next.closed).toBe(true);
    await journal.close();
    expect((await files()).length).toBe(2);
  });
});

describe('DownloadJournal with two lanes', () => {
  it('writes two appends at once to two segments, and a third after the first to finish', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'castbase-spill-'));
    const journal = new DownloadJournal(directory, 4096, 2);

    const [first, second] = await Promise.all([journal.append('a\tb\n', 1), journal.append('c\td\n', 1)]);
    const third = await journal.append('e\tf\n', 1);

    expect(first).not.toBe(second);
    expect([first, second]).toContain(third);
    const closed = await journal.rotate();
    expect(closed.map((segment) => segment.rows).sort()).toEqual([1, 2]);
    const contents = await Promise.all(closed.map((segment) => journal.read(segment.path)));
    expect(contents.flatMap((content) => content!.lines.split('\n').filter(Boolean)).sort()).toEqual([
      'a\tb',
      'c\td',
      'e\tf',
    ]);
    await journal.close();
  });
});

describe('DownloadWriter: a group-committed journal, PostgreSQL fed from memory behind it', () => {
  let analytics: AnalyticsTestApp;
  let proxy: TcpProxy;
  let proxiedUrl: string;
  const writers: DownloadWriter[] = [];

  const rowsOf = (podcastId: string) =>
    analytics.rows(
      'select id, user_agent, listener_day, own_storage from analytics.download_requests where podcast_id = ? order by occurred_at, id',
      [podcastId],
    );

  async function startWriter(
    spillDirectory: string,
    options: Partial<DownloadWriterOptions> = {},
  ): Promise<DownloadWriter> {
    const writer = new DownloadWriter(
      { url: proxiedUrl, poolMax: 1 },
      {
        spillDirectory,
        // Long enough for a first connection on a loaded machine; the tests that cut PostgreSQL off set less.
        writeTimeoutMs: 5_000,
        journaledWriteTimeoutMs: 5_000,
        journalLanes: 2,
        maxGroupDelayMs: 4,
        maxGroupRows: 512,
        maxBatchRows: 5_000,
        copyDelayMs: 50,
        maxConcurrentCopies: 4,
        retryIntervalMs: 100,
        maxSegmentBytes: 8 * 1024 * 1024,
        maxQueuedRows: 100_000,
        lateAfterMs: 10_000,
        ...options,
      },
    );
    writer.onApplicationBootstrap();
    writers.push(writer);
    return writer;
  }

  /** The journal's segment files that hold rows (not the one made ahead, all zeroes). */
  const segmentsIn = async (directory: string) => {
    const names = (await readdir(directory).catch(() => [] as string[])).filter((name) =>
      name.endsWith('.copy'),
    );
    const holding: string[] = [];
    for (const name of names) {
      const content = await readFile(join(directory, name)).catch(() => Buffer.alloc(0));
      if (content.length > 0 && content[0] !== 0) holding.push(name);
    }
    return holding;
  };

  beforeAll(async () => {
    analytics = await startAnalyticsTestApp('cbtest_download_writer');
    ({ proxy, url: proxiedUrl } = await databaseRelay(analytics.databaseUrl));
  });

  afterEach(async () => {
    await proxy.restore();
    for (const writer of writers.splice(0)) await writer.onApplicationShutdown();
  });

  afterAll(async () => {
    await proxy?.stop();
    await analytics?.close();
  });

  it('journals rows that arrive together in a few appends, then writes them to PostgreSQL in a few COPYs, exactly as given', async () => {
    const spill = await mkdtemp(join(tmpdir(), 'castbase-spill-'));
    // The rows stay in memory until the flush below: their segment cannot be written to PostgreSQL and removed (the
    // writer's first recovery closes it) before the test reads it.
    const writer = await startWriter(spill, { copyDelayMs: 60_000 });
    const podcastId = randomUUID();
    const rows = Array.from({ length: 300 }, () => aRow(podcastId));

    await Promise.all(rows.map((row) => writer.append(row)));

    // Resolved: on disk, whether or not PostgreSQL has them yet.
    expect(writer.counts.journaled).toBe(300);
    const [segment] = await segmentsIn(spill);
    const written = await readFile(join(spill, segment!), 'utf8');
    expect(written.split('\n').filter((line) => line.length > 0 && !line.startsWith('\0'))).toHaveLength(300);
    await writer.flush();
    const stored = await rowsOf(podcastId);
    expect(stored).toHaveLength(300);
    expect(new Set(stored.map((row) => row['id']))).toEqual(new Set(rows.map((row) => row.id)));
    expect(stored[0]?.['user_agent']).toBe(rows[0]!.userAgent);
    expect(stored[0]?.['listener_day']).toEqual(Buffer.alloc(16, 1));
    expect(writer.counts.written).toBe(300);
    expect(writer.counts.batches).toBeLessThan(10);
    expect(writer.counts.replayed).toBe(0);
  });

  it('keeps rows waiting for the journal while each turn of the event loop brings more, up to maxGroupDelayMs and maxGroupRows', async () => {
    const podcastId = randomUUID();
    /** `rows` rows recorded in each of `turns` successive turns of the event loop, as requests keep coming. */
    const recordOverTurns = async (writer: DownloadWriter, turns: number, rows: number) => {
      const appended: Array<Promise<void>> = [];
      for (let turn = 0; turn < turns; turn++) {
        for (let index = 0; index < rows; index++) appended.push(writer.append(aRow(podcastId)));
        await new Promise<void>((next) => setImmediate(next));
      }
      await Promise.all(appended);
    };

    // Busy for 20 turns, well within the delay: one append for all 200 rows, once a turn brings none.
    const patient = await startWriter(await mkdtemp(join(tmpdir(), 'castbase-spill-')), {
      maxGroupDelayMs: 60_000,
    });
    await recordOverTurns(patient, 20, 10);
    expect(patient.counts).toMatchObject({ journaled: 200, appends: 1 });

    // Past maxGroupRows, rows stop waiting for more (those that come while both lanes write go together next).
    const capped = await startWriter(await mkdtemp(join(tmpdir(), 'castbase-spill-')), {
      maxGroupDelayMs: 60_000,
      maxGroupRows: 50,
    });
    await recordOverTurns(capped, 20, 10);
    expect(capped.counts.journaled).toBe(200);
    expect(capped.counts.appends).toBeGreaterThan(1);

    // With no wait allowed, each turn's rows go at once (one append per lane, the next turn's when one is free).
    const eager = await startWriter(await mkdtemp(join(tmpdir(), 'castbase-spill-')), { maxGroupDelayMs: 0 });
    await recordOverTurns(eager, 20, 10);
    expect(eager.counts.journaled).toBe(200);
    expect(eager.counts.appends).toBeGreaterThan(1);

    await Promise.all([patient, capped, eager].map((writer) => writer.flush()));
    expect(await rowsOf(podcastId)).toHaveLength(600);
  });

  it('lets journaled rows wait copyDelayMs for others, so that many appends go to PostgreSQL in one COPY', async () => {
    const writer = await startWriter(await mkdtemp(join(tmpdir(), 'castbase-spill-')), {
      copyDelayMs: 3_000,
    });
    const podcastId = randomUUID();

    // One append at a time: each its own journal write.
    for (let index = 0; index < 10; index++) await writer.append(aRow(podcastId));

    expect(writer.counts.journaled).toBe(10);
    expect(writer.counts.batches).toBe(0);
    expect(await rowsOf(podcastId)).toHaveLength(0);
    // The writer counts a COPY once its commit has answered, a moment after the rows show.
    await waitFor('the COPY to be done', async () => writer.counts.written === 10);
    expect(writer.counts).toMatchObject({ written: 10, batches: 1 });
    expect(await rowsOf(podcastId)).toHaveLength(10);
  });

  it('removes a closed segment once PostgreSQL has its rows, and keeps those being written', async () => {
    const spill = await mkdtemp(join(tmpdir(), 'castbase-spill-'));
    // A segment closes after about four rows.
    const writer = await startWriter(spill, { maxSegmentBytes: 4 * toCopyLine(aRow(randomUUID())).length });
    const podcastId = randomUUID();

    for (let index = 0; index < 20; index++) await writer.append(aRow(podcastId));
    await writer.flush();

    expect(await rowsOf(podcastId)).toHaveLength(20);
    // Those being written (one per lane) stay.
    await waitFor('the written segments to go', async () => (await segmentsIn(spill)).length <= 2);
    await writer.onApplicationShutdown();
    // Neither the last segment (PostgreSQL has its rows) nor the one made ahead stays.
    expect(await readdir(spill)).toEqual([]);
  });

  it('writes rows that reach PostgreSQL late as late ones: their episodes are counted again from their time', async () => {
    const writer = await startWriter(await mkdtemp(join(tmpdir(), 'castbase-spill-')), { lateAfterMs: -1 });
    const podcastId = randomUUID();
    const row = aRow(podcastId, { occurredAtMs: Date.now() - 60_000 });

    await writer.append(row);
    await writer.flush();

    expect(writer.counts).toMatchObject({ written: 0, replayed: 1 });
    expect((await rowsOf(podcastId)).map((stored) => stored['id'])).toEqual([row.id]);
    const recounts = await analytics.rows(
      'select episode_id, since from analytics.download_recounts where podcast_id = ?',
      [podcastId],
    );
    expect(
      recounts.map((recount) => [recount['episode_id'], new Date(String(recount['since'])).getTime()]),
    ).toEqual([[row.episodeId, row.occurredAtMs]]);
  });

  it('leaves out late rows of podcasts whose owner was erased since they were journaled', async () => {
    const writer = await startWriter(await mkdtemp(join(tmpdir(), 'castbase-spill-')), { lateAfterMs: -1 });
    const podcastId = randomUUID();
    const erasedPodcastId = randomUUID();
    await analytics.rows('insert into analytics.erased_podcasts (podcast_id) values (?)', [erasedPodcastId]);
    const kept = aRow(podcastId);

    await Promise.all([writer.append(aRow(erasedPodcastId)), writer.append(kept)]);
    await writer.flush();

    expect(await rowsOf(erasedPodcastId)).toEqual([]);
    expect((await rowsOf(podcastId)).map((row) => row['id'])).toEqual([kept.id]);
    expect(writer.counts.replayed).toBe(1);
  });

  it('writes further rows from the journal files while PostgreSQL is too far behind to hold them in memory', async () => {
    const spill = await mkdtemp(join(tmpdir(), 'castbase-spill-'));
    const writer = await startWriter(spill, { maxQueuedRows: 0 });
    const podcastId = randomUUID();
    const rows = Array.from({ length: 40 }, () => aRow(podcastId));

    await Promise.all(rows.map((row) => writer.append(row)));

    await waitFor('the journal to be replayed', async () => writer.counts.replayed === 40);
    expect(writer.counts.written).toBe(0);
    expect((await rowsOf(podcastId)).map((row) => row['id']).sort()).toEqual(
      rows.map((row) => row.id).sort(),
    );
    await waitFor('the replayed segment to go', async () => (await segmentsIn(spill)).length === 0);
  });

  it('sends the rows to PostgreSQL before their redirects when the journal refuses them', async () => {
    // The journal's folder cannot be made: a file is in the way.
    const parent = await mkdtemp(join(tmpdir(), 'castbase-spill-'));
    await writeFile(join(parent, 'file'), '');
    const writer = await startWriter(join(parent, 'file', 'journal'));
    const podcastId = randomUUID();
    const rows = Array.from({ length: 10 }, () => aRow(podcastId));

    await Promise.all(rows.map((row) => writer.append(row)));

    expect(writer.counts).toMatchObject({ journaled: 0, written: 10, lost: 0 });
    expect(await rowsOf(podcastId)).toHaveLength(10);
  });

  it('counts rows lost when neither the journal nor PostgreSQL takes them, and still answers', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'castbase-spill-'));
    await writeFile(join(parent, 'file'), '');
    const writer = await startWriter(join(parent, 'file', 'journal'), { writeTimeoutMs: 500 });
    await proxy.cut();

    await Promise.all(Array.from({ length: 5 }, () => writer.append(aRow(randomUUID()))));

    expect(writer.counts).toMatchObject({ journaled: 0, written: 0, lost: 5 });
  });

  it('gives a PostgreSQL that is only slow longer for journaled rows than for waiting listeners: they go from memory, not replayed', async () => {
    const writer = await startWriter(await mkdtemp(join(tmpdir(), 'castbase-spill-')), {
      writeTimeoutMs: 300,
      journaledWriteTimeoutMs: 60_000,
    });
    const podcastId = randomUUID();
    const locker = new pg.Client({ connectionString: analytics.databaseUrl });
    await locker.connect();
    try {
      // Another transaction holds the table: the writer's COPY waits for it, as for a busy PostgreSQL.
      await locker.query('begin');
      await locker.query('lock table analytics.download_requests in access exclusive mode');
      const rows = Array.from({ length: 20 }, () => aRow(podcastId));
      await Promise.all(rows.map((row) => writer.append(row)));
      await waitFor(
        "the writer's COPY to have waited over three times writeTimeoutMs",
        async () =>
          // Asked on another connection: a transaction sees the activity as it was at its first look.
          (
            await analytics.rows(
              `select 1 from pg_stat_activity where application_name = 'castbase-analytics-downloads'
                and wait_event_type = 'Lock' and clock_timestamp() - query_start > interval '900 milliseconds'`,
            )
          ).length === 1,
      );
      await locker.query('rollback');
      await writer.flush();
      expect(writer.counts).toMatchObject({ journaled: 20, written: 20, replayed: 0 });
      expect(await rowsOf(podcastId)).toHaveLength(20);
    } finally {
      await locker.end();
    }
  });

  it('answers at once while PostgreSQL is unreachable, journals the rows and writes them once it is back', async () => {
    const spill = await mkdtemp(join(tmpdir(), 'castbase-spill-'));
    const writer = await startWriter(spill, { writeTimeoutMs: 500 });
    const podcastId = randomUUID();
    await proxy.cut();

    const rows = Array.from({ length: 50 }, () => aRow(podcastId));
    await Promise.all(rows.map((row) => writer.append(row)));

    expect(writer.counts.journaled).toBe(50);
    await writer.flush();
    expect(writer.counts.written).toBe(0);
    expect(await segmentsIn(spill)).toHaveLength(1);
    await proxy.restore();
    await waitFor('the journal to be replayed', async () => writer.counts.replayed === 50);
    await waitFor('the replayed segment to go', async () => (await segmentsIn(spill)).length === 0);
    expect((await rowsOf(podcastId)).map((row) => row['id']).sort()).toEqual(
      rows.map((row) => row.id).sort(),
    );

    // Written from memory again once PostgreSQL answers.
    await writer.append(aRow(podcastId));
    await writer.flush();
    expect(writer.counts.written).toBe(1);
    expect(await rowsOf(podcastId)).toHaveLength(51);
  });

  it('replays what a dead process journaled, once: rows PostgreSQL already has and a torn last line are left out', async () => {
    const spill = await mkdtemp(join(tmpdir(), 'castbase-spill-'));
    const podcastId = randomUUID();
    const alreadyStored = aRow(podcastId);
    const earlier = await startWriter(await mkdtemp(join(tmpdir(), 'castbase-spill-')));
    await earlier.append(alreadyStored);
    await earlier.flush();
    const journaledOnly = aRow(podcastId);
    const torn = toCopyLine(aRow(podcastId)).slice(0, 60);
    await mkdir(spill, { recursive: true });
    await writeFile(
      join(spill, `000000000000001-${randomUUID()}.copy`),
      toCopyLine(alreadyStored) + toCopyLine(journaledOnly) + torn,
    );

    const restarted = await startWriter(spill);

    await waitFor('the left segment to be replayed', async () => (await segmentsIn(spill)).length === 0);
    expect(restarted.counts.replayed).toBe(1);
    expect((await rowsOf(podcastId)).map((row) => row['id']).sort()).toEqual(
      [alreadyStored.id, journaledOnly.id].sort(),
    );
  });

  it('replays a segment an older process wrote without own_storage, as requests not served by its own storage', async () => {
    const spill = await mkdtemp(join(tmpdir(), 'castbase-spill-'));
    const podcastId = randomUUID();
    const older = aRow(podcastId);
    const line = toCopyLine({ ...older, ownStorage: true });
    await mkdir(spill, { recursive: true });
    // The line as a process before 20261128 wrote it: every column but the last.
    await writeFile(
      join(spill, `000000000000001-${randomUUID()}.copy`),
      `${line.slice(0, line.lastIndexOf('\t'))}\n`,
    );

    await startWriter(spill);

    await waitFor('the older segment to be replayed', async () => (await segmentsIn(spill)).length === 0);
    expect((await rowsOf(podcastId)).map((row) => [row['id'], row['own_storage']])).toEqual([
      [older.id, false],
    ]);
  });

  it('keeps a segment PostgreSQL cannot read aside, and replays the others', async () => {
    const spill = await mkdtemp(join(tmpdir(), 'castbase-spill-'));
    const podcastId = randomUUID();
    const good = aRow(podcastId);
    await mkdir(spill, { recursive: true });
    const damaged = `000000000000001-${randomUUID()}.copy`;
    await writeFile(join(spill, damaged), toCopyLine(aRow(podcastId)).replace(podcastId, 'not-a-uuid'));
    await writeFile(join(spill, `000000000000002-${randomUUID()}.copy`), toCopyLine(good));

    await startWriter(spill);

    await waitFor('the readable segment to be replayed', async () => (await segmentsIn(spill)).length === 0);
    expect(await readdir(spill)).toEqual([`${damaged}.damaged`]);
    expect((await rowsOf(podcastId)).map((row) => row['id'])).toEqual([good.id]);
  });
});
