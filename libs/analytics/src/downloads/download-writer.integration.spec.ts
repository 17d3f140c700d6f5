import { randomUUID } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { TcpProxy, waitFor } from '@castbase/platform-testing';
import { startAnalyticsTestApp, type AnalyticsTestApp } from '../testing/analytics-test-app.js';
import { toCopyLine, type DownloadRequestRow } from './download-request-row.js';
import { DownloadWriter } from './download-writer.js';

/** A download of one podcast (each test has its own), as the redirect records it. */
function aRow(podcastId: string, overrides: Partial<DownloadRequestRow> = {}): DownloadRequestRow {
  return {
    id: randomUUID(),
    occurredAtMs: Date.now(),
    podcastId,
    episodeId: randomUUID(),
    ownerId: 'owner-a',
    listenerDay: Buffer.alloc(16, 1),
    listenerNext: Buffer.alloc(16, 2),
    addressDay: Buffer.alloc(16, 3),
    country: 'DE',
    userAgent: 'AntennaPod/3.5.0\twith a tab, a \\ backslash and a\nnewline',
    referrer: null,
    rangeHeader: 'bytes=0-',
    prefetch: false,
    source: null,
    ownStorage: false,
    ...overrides,
  };
}

describe('DownloadWriter: group commit to PostgreSQL, and a journal while it is away', () => {
  let analytics: AnalyticsTestApp;
  let proxy: TcpProxy;
  let proxiedUrl: string;
  const writers: DownloadWriter[] = [];

  const rowsOf = (podcastId: string) =>
    analytics.rows(
      'select id, user_agent, listener_day, own_storage from analytics.download_requests where podcast_id = ? order by occurred_at, id',
      [podcastId],
    );

  async function startWriter(spillDirectory: string): Promise<DownloadWriter> {
    const writer = new DownloadWriter(
      { url: proxiedUrl, poolMax: 1 },
      {
        spillDirectory,
        writeTimeoutMs: 500,
        maxBatchRows: 5_000,
        maxConcurrentCopies: 4,
        retryIntervalMs: 100,
      },
    );
    writer.onApplicationBootstrap();
    writers.push(writer);
    return writer;
  }

  const segmentsIn = async (directory: string) =>
    (await readdir(directory).catch(() => [] as string[])).filter((name) => name.endsWith('.copy'));

  beforeAll(async () => {
    analytics = await startAnalyticsTestApp('cbtest_download_writer');
    const url = new URL(analytics.databaseUrl);
    proxy = await TcpProxy.start({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    proxiedUrl = url.href;
  });

  afterEach(async () => {
    await proxy.restore();
    for (const writer of writers.splice(0)) await writer.onApplicationShutdown();
  });

  afterAll(async () => {
    await proxy?.stop();
    await analytics?.close();
  });

  it('writes rows that arrive together in a few COPYs, exactly as given', async () => {
    const writer = await startWriter(await mkdtemp(join(tmpdir(), 'castbase-spill-')));
    const podcastId = randomUUID();
    const rows = Array.from({ length: 300 }, () => aRow(podcastId));

    await Promise.all(rows.map((row) => writer.append(row)));

    const stored = await rowsOf(podcastId);
    expect(stored).toHaveLength(300);
    expect(new Set(stored.map((row) => row['id']))).toEqual(new Set(rows.map((row) => row.id)));
    expect(stored[0]?.['user_agent']).toBe(rows[0]!.userAgent);
    expect(stored[0]?.['listener_day']).toEqual(Buffer.alloc(16, 1));
    expect(writer.counts.written).toBe(300);
    expect(writer.counts.batches).toBeLessThan(10);
    expect(writer.counts.journaled).toBe(0);
  });

  it('answers at once while PostgreSQL is unreachable, journals the rows and writes them once it is back', async () => {
    const spill = await mkdtemp(join(tmpdir(), 'castbase-spill-'));
    const writer = await startWriter(spill);
    const podcastId = randomUUID();
    await proxy.cut();

    const rows = Array.from({ length: 50 }, () => aRow(podcastId));
    await Promise.all(rows.map((row) => writer.append(row)));

    expect(writer.counts.journaled).toBe(50);
    expect(writer.counts.written).toBe(0);
    expect(await segmentsIn(spill)).toHaveLength(1);
    await proxy.restore();
    await waitFor('the journal to be replayed', async () => writer.counts.replayed === 50);
    await waitFor('the replayed segment to go', async () => (await segmentsIn(spill)).length === 0);
    expect((await rowsOf(podcastId)).map((row) => row['id']).sort()).toEqual(
      rows.map((row) => row.id).sort(),
    );

    // Written directly again once PostgreSQL answers.
    await writer.append(aRow(podcastId));
    expect(writer.counts.written).toBe(1);
    expect(await rowsOf(podcastId)).toHaveLength(51);
  });

  it('replays what a dead process journaled, once: rows PostgreSQL already has and a torn last line are left out', async () => {
    const spill = await mkdtemp(join(tmpdir(), 'castbase-spill-'));
    const podcastId = randomUUID();
    const alreadyStored = aRow(podcastId);
    const earlier = await startWriter(await mkdtemp(join(tmpdir(), 'castbase-spill-')));
    await earlier.append(alreadyStored);
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
