import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@castbase/platform-testing';
import {
  insertDownloads,
  rollupsFromScratch,
  storedRollups,
  type DownloadFixture,
} from './testing/download-rollups.js';

describe('download rollups: kept equal to the counted downloads by the triggers, whoever writes them', () => {
  let database: TestDatabase;
  let client: pg.Client;
  const [podcast, other] = [randomUUID(), randomUUID()];
  const [first, second, third] = [randomUUID(), randomUUID(), randomUUID()];
  const listener = (n: number) => n.toString(16).padStart(32, '0');
  const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
  /** 'YYYY-MM-DD' of `daysAgo` days before today (UTC), and an instant on it. */
  const day = (daysAgo: number) => new Date(today - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const at = (daysAgo: number, time: string) => `${day(daysAgo)}T${time}Z`;

  const expectRollupsEqualToDownloads = async () => {
    const expected = await rollupsFromScratch(client);
    expect(await storedRollups(client)).toEqual(expected);
    return expected;
  };

  beforeAll(async () => {
    database = await createTestDatabase('cbtest_download_rollups');
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  it('adds inserted downloads to every day, hour, dimension and listener set', async () => {
    const downloads: DownloadFixture[] = [
      // One listener on two episodes the same hour, then again the next day (a new window, the same key).
      { countedAt: at(3, '10:05:00'), podcastId: podcast, episodeId: first, listener: listener(1) },
      {
        countedAt: at(3, '10:35:00'),
        podcastId: podcast,
        episodeId: second,
        listener: listener(1),
        country: null,
      },
      {
        countedAt: at(2, '09:00:00'),
        podcastId: podcast,
        episodeId: first,
        listener: listener(1),
        app: 'AntennaPod',
        device: 'desktop',
      },
      {
        countedAt: at(3, '23:59:59'),
        podcastId: podcast,
        episodeId: first,
        listener: listener(2),
        country: 'DE',
        source: 'Castbase page',
      },
      { countedAt: at(3, '10:10:00'), podcastId: other, episodeId: third, listener: listener(1) },
      // Counted, then excluded by the burst rule: counts for nothing.
      {
        countedAt: at(3, '11:00:00'),
        podcastId: podcast,
        episodeId: first,
        listener: listener(3),
        excluded: 'burst',
      },
    ];
    await insertDownloads(client, downloads);
    // And one statement at a time, as the counter wrote them before it batched.
    await insertDownloads(client, [
      { countedAt: at(2, '09:30:00'), podcastId: podcast, episodeId: second, listener: listener(4) },
    ]);

    const rollups = await expectRollupsEqualToDownloads();
    expect(rollups['podcast_download_days']).toContain(`${podcast} total ${day(3)}  3`);
    expect(rollups['podcast_download_days']).toContain(`${podcast} country ${day(3)} Unknown 1`);
    expect(rollups['podcast_listeners']).toContain(`${podcast} ${listener(1)} ${day(2)}T09:00:00.000000`);
  });

  it('follows the burst rule: an exclusion takes a download out, and lifting it puts it back', async () => {
    await client.query(
      `update analytics.downloads set excluded = 'burst' where podcast_id = $1 and counted_at = '${at(2, '09:00:00')}'`,
      [podcast],
    );
    const excluded = await expectRollupsEqualToDownloads();
    // Listener 1's latest download of the podcast is the day before again.
    expect(excluded['podcast_listeners']).toContain(`${podcast} ${listener(1)} ${day(3)}T10:35:00.000000`);

    // The counter's burst update rewrites every row of the hours it looks at, most to the value they had.
    await client.query(
      `update analytics.downloads set excluded = case when counted_at = '${at(3, '11:00:00')}' then null else excluded end
        where podcast_id = $1`,
      [podcast],
    );
    await expectRollupsEqualToDownloads();
  });

  it('follows an update of the time, the episode or the listener of a download', async () => {
    await client.query(
      `update analytics.downloads set counted_at = counted_at + interval '3 hours', listener = '\\x00ff'::bytea
        where podcast_id = $1 and counted_at = '${at(3, '23:59:59')}'`,
      [podcast],
    );
    await client.query(`update analytics.downloads set episode_id = $1 where episode_id = $2`, [
      third,
      second,
    ]);
    await expectRollupsEqualToDownloads();
  });

  it('takes deleted downloads out, a listener falling back to their download before', async () => {
    await client.query(
      `delete from analytics.downloads where podcast_id = $1 and counted_at >= '${day(2)}'`,
      [podcast],
    );
    const rollups = await expectRollupsEqualToDownloads();
    expect(rollups['podcast_download_days']?.some((line) => line.includes(` ${day(2)} `))).toBe(false);
  });

  it("drops a podcast's rollups when its last downloads go (an erased account, a deleted podcast)", async () => {
    await client.query(`delete from analytics.downloads where podcast_id = $1`, [podcast]);
    const rollups = await expectRollupsEqualToDownloads();
    expect(JSON.stringify(rollups)).not.toContain(podcast);
    expect(JSON.stringify(rollups)).toContain(other);
  });

  it('keeps each listener right when two transactions write the same listener at once', async () => {
    const concurrent = new pg.Client({ connectionString: database.url });
    await concurrent.connect();
    try {
      await client.query('begin');
      await concurrent.query('begin');
      await insertDownloads(client, [
        { countedAt: at(1, '08:00:00'), podcastId: podcast, episodeId: first, listener: listener(9) },
      ]);
      // Waits for the first transaction's lock on the listener, then sees its download.
      const second_ = insertDownloads(concurrent, [
        { countedAt: at(1, '07:00:00'), podcastId: podcast, episodeId: first, listener: listener(9) },
      ]).then(() => concurrent.query('commit'));
      await client.query('commit');
      await second_;
    } finally {
      await concurrent.end();
    }
    const rollups = await expectRollupsEqualToDownloads();
    expect(rollups['podcast_listeners']).toContain(`${podcast} ${listener(9)} ${day(1)}T08:00:00.000000`);
    expect(rollups['podcast_listener_hours']).toEqual(
      expect.arrayContaining([`${podcast} ${day(1)}T08:00 1`]),
    );
  });

  it('is what rebuild_download_rollups() makes from scratch, and a recount empties and refills it', async () => {
    const before = await storedRollups(client);
    await client.query('select analytics.rebuild_download_rollups()');
    expect(await storedRollups(client)).toEqual(before);

    // The counter's recount: every download deleted, then counted again.
    const { rows } = await client.query<{ request_id: string }>('select request_id from analytics.downloads');
    await client.query('delete from analytics.downloads');
    expect(await storedRollups(client)).toEqual({});
    await insertDownloads(
      client,
      rows.map((row, index) => ({
        requestId: row.request_id,
        countedAt: at(1 + (index % 3), '12:00:00'),
        podcastId: index % 2 === 0 ? podcast : other,
        episodeId: first,
        listener: listener(index % 2),
      })),
    );
    await expectRollupsEqualToDownloads();

    await client.query('truncate analytics.downloads');
    expect(await storedRollups(client)).toEqual({});
  });
});
