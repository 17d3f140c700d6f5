import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { openServiceDatabase } from '@castbase/platform-persistence';
import { createTestDatabase, type TestDatabase } from '@castbase/platform-testing';
import { analyticsDatabase } from '../database/analytics-database.js';
import { DownloadFigures, type DownloadScope } from './download-figures.js';

const HOUR_MS = 3_600_000;

describe("listening rollups: the players' figures read from them are those of the sessions, as beacons change them", () => {
  let database: TestDatabase;
  let orm: MikroORM;
  let client: pg.Client;
  let figures: DownloadFigures;
  const podcast = randomUUID();
  const episodes = [randomUUID(), randomUUID()];
  const now = Date.now();

  /** The figures as they were computed before the rollups: straight from `listening_sessions`. */
  const fromSessions = async (scope: DownloadScope) => {
    const { rows } = await client.query(
      `select count(*)::int as sessions,
              avg(least(100, listened_seconds * 100 / duration_seconds)) filter (where duration_seconds > 0) as completion,
              avg(listened_seconds) as listened
         from analytics.listening_sessions
        where podcast_id = $1 and ($2::uuid is null or episode_id = $2) and ($3::timestamptz is null or started_at >= $3)`,
      [scope.podcastId, scope.episodeId ?? null, scope.from],
    );
    const row = rows[0]!;
    return {
      sessions: row.sessions,
      completionRate: row.completion === null ? null : Number(row.completion),
      averageListenSeconds: row.sessions === 0 ? null : Number(row.listened),
    };
  };
  const expectSameFigures = async () => {
    for (const scope of [
      { podcastId: podcast, from: null },
      { podcastId: podcast, from: new Date(now - 30 * HOUR_MS - 1234) },
      {
        podcastId: podcast,
        episodeId: episodes[0]!,
        from: new Date(Math.floor(now / HOUR_MS) * HOUR_MS - 23 * HOUR_MS),
      },
      { podcastId: podcast, episodeId: episodes[1]!, from: null },
    ] satisfies DownloadScope[]) {
      const expected = await fromSessions(scope);
      const actual = await figures.listening(scope);
      expect(actual.sessions).toBe(expected.sessions);
      for (const figure of ['completionRate', 'averageListenSeconds'] as const)
        if (expected[figure] === null) expect(actual[figure]).toBeNull();
        else expect(actual[figure]).toBeCloseTo(expected[figure], 9);
    }
    const perEpisode = await figures.listeningPerEpisode({ podcastId: podcast, from: null }, episodes);
    for (const episodeId of episodes)
      expect(perEpisode.get(episodeId)?.sessions).toBe(
        (await fromSessions({ podcastId: podcast, episodeId, from: null })).sessions,
      );
  };
  const session = (episode: string, hoursAgo: number, listened: number, duration: number | null) =>
    client.query(
      `insert into analytics.listening_sessions (session_id, podcast_id, episode_id, owner_id, player, listener, app,
         device, started_at, last_beacon_at, listened_seconds, max_position, duration_seconds)
       values ($1, $2, $3, 'owner-l', 'page', '\\x01', 'Web Browser', 'desktop', $4, $4, $5, $5, $6) returning session_id`,
      [randomUUID(), podcast, episode, new Date(now - hoursAgo * HOUR_MS), listened, duration],
    );

  beforeAll(async () => {
    database = await createTestDatabase('cbtest_listening_rollups');
    orm = await openServiceDatabase(analyticsDatabase, { url: database.url, poolMax: 2 });
    figures = new DownloadFigures(orm.em.fork());
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await orm?.close();
    await database?.drop();
  });

  it('counts sessions started, their completion and listen time over any range, per podcast and episode', async () => {
    for (let index = 0; index < 40; index++)
      await session(
        episodes[index % 2]!,
        (index * 7.3) % 80,
        10 + ((index * 37) % 600) / 3,
        index % 5 === 0 ? null : 300,
      );
    await expectSameFigures();
  });

  it('follows the beacons: listened time that grows, an end, a deletion', async () => {
    await client.query(
      `update analytics.listening_sessions set listened_seconds = listened_seconds + 30.5, ended_at = now()
        where episode_id = $1`,
      [episodes[0]],
    );
    await client.query(`delete from analytics.listening_sessions where started_at < $1 and episode_id = $2`, [
      new Date(now - 40 * HOUR_MS),
      episodes[1],
    ]);
    await expectSameFigures();
  });
});
