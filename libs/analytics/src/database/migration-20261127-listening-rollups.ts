import { Migration } from '@mikro-orm/migrations';
import { rebuildFunctionSql, statementTriggersSql, type Change } from './statement-triggers.js';

const EPISODE_DAYS = 'analytics.episode_listening_days';
const PODCAST_DAYS = 'analytics.podcast_listening_days';
const FIGURES =
  'sessions integer not null, timed integer not null, completion double precision not null, listened double precision not null';

const dayOf = (column: string) => `(${column} at time zone 'UTC')::date`;
const dayStart = (day: string) => `(${day}::timestamp at time zone 'UTC')`;

/** A session's figures as the reports compute them: completion only for sessions of a known length. */
const SESSION_FIGURES = `count(s.session_id)::int, count(s.session_id) filter (where s.duration_seconds > 0)::int,
  coalesce(sum(least(100, s.listened_seconds * 100 / s.duration_seconds)::float8) filter (where s.duration_seconds > 0), 0),
  coalesce(sum(s.listened_seconds::float8), 0)`;

/**
 * The episode days a statement changed, locked (made first if new), then counted again from the sessions in a
 * statement of its own (which sees what a writer that held the lock committed), then their podcasts' days summed
 * from the episodes' days.
 */
function listeningStatements(change: Change): string[] {
  const rows = {
    insert: ['new_sessions'],
    delete: ['old_sessions'],
    update: ['old_sessions', 'new_sessions'],
  }[change];
  const days = rows
    .map((table) => `select distinct podcast_id, episode_id, ${dayOf('started_at')} as day from ${table}`)
    .join(' union ');
  return [
    `insert into ${EPISODE_DAYS} (podcast_id, episode_id, day, sessions, timed, completion, listened)
       select podcast_id, episode_id, day, 0, 0, 0, 0 from (${days}) k order by 1, 2, 3 on conflict do nothing`,
    `select count(*) into locked from (select 1 from ${EPISODE_DAYS} e where (e.podcast_id, e.episode_id, e.day) in (${days})
       order by e.podcast_id, e.episode_id, e.day for update of e) pairs`,
    `update ${EPISODE_DAYS} e set sessions = f.sessions, timed = f.timed, completion = f.completion, listened = f.listened
       from (select k.podcast_id, k.episode_id, k.day, ${SESSION_FIGURES}
               from (${days}) k left join analytics.listening_sessions s on s.podcast_id = k.podcast_id
                and s.episode_id = k.episode_id and s.started_at >= ${dayStart('k.day')}
                and s.started_at < ${dayStart('k.day')} + interval '1 day'
              group by k.podcast_id, k.episode_id, k.day) f(podcast_id, episode_id, day, sessions, timed, completion, listened)
      where e.podcast_id = f.podcast_id and e.episode_id = f.episode_id and e.day = f.day`,
    `delete from ${EPISODE_DAYS} e where e.sessions = 0 and (e.podcast_id, e.episode_id, e.day) in (${days})`,
    `insert into ${PODCAST_DAYS} as p (podcast_id, day, sessions, timed, completion, listened)
       select k.podcast_id, k.day, coalesce(sum(e.sessions), 0), coalesce(sum(e.timed), 0),
              coalesce(sum(e.completion), 0), coalesce(sum(e.listened), 0)
         from (select distinct podcast_id, day from (${days}) d) k
         left join ${EPISODE_DAYS} e on e.podcast_id = k.podcast_id and e.day = k.day
        group by k.podcast_id, k.day order by 1, 2
       on conflict (podcast_id, day) do update set sessions = excluded.sessions, timed = excluded.timed,
         completion = excluded.completion, listened = excluded.listened`,
    `delete from ${PODCAST_DAYS} p where p.sessions = 0 and (p.podcast_id, p.day) in (select podcast_id, day from (${days}) d)`,
  ];
}

/**
 * Rollups of the players' listening sessions per UTC day of their start: per episode (`episode_listening_days`) and
 * per podcast (`podcast_listening_days`), each with its sessions, the sessions of known length (`timed`), the sum of
 * their completion (listened over length, at most 100) and the sum of listened seconds, from which the reports take
 * completion and listen time (a day's figures are counted again from its sessions at each change, so they never
 * drift). `listening_sessions` gains an index of its open sessions by last beacon, for the active streams.
 */
export class CreateListeningRollups extends Migration {
  override async up(): Promise<void> {
    this
      .addSql(`create table ${EPISODE_DAYS} (podcast_id uuid not null, episode_id uuid not null, day date not null,
      ${FIGURES}, primary key (podcast_id, episode_id, day) include (sessions, timed, completion, listened))`);
    this.addSql(`create index episode_listening_days_day_index on ${EPISODE_DAYS} (podcast_id, day)`);
    this.addSql(`create table ${PODCAST_DAYS} (podcast_id uuid not null, day date not null,
      ${FIGURES}, primary key (podcast_id, day) include (sessions, timed, completion, listened))`);
    this.addSql(`create index listening_sessions_open_index on listening_sessions (podcast_id, last_beacon_at)
      where ended_at is null`);
    for (const statement of statementTriggersSql('listening_sessions', 'sessions', listeningStatements))
      this.addSql(statement);
    this.addSql(
      rebuildFunctionSql(
        'rebuild_listening_rollups',
        'listening_sessions',
        [EPISODE_DAYS, PODCAST_DAYS],
        [
          `insert into ${EPISODE_DAYS} (podcast_id, episode_id, day, sessions, timed, completion, listened)
             select s.podcast_id, s.episode_id, ${dayOf('s.started_at')}, ${SESSION_FIGURES}
               from analytics.listening_sessions s group by 1, 2, 3 order by 1, 2, 3`,
          `insert into ${PODCAST_DAYS} (podcast_id, day, sessions, timed, completion, listened)
             select podcast_id, day, sum(sessions), sum(timed), sum(completion), sum(listened) from ${EPISODE_DAYS}
              group by 1, 2 order by 1, 2`,
        ],
      ),
    );
    this.addSql('select analytics.rebuild_listening_rollups()');
  }

  override async down(): Promise<void> {
    for (const change of ['insert', 'delete', 'update']) {
      this.addSql(`drop trigger if exists listening_sessions_rollup_${change} on listening_sessions`);
      this.addSql(`drop function if exists analytics.listening_sessions_rollup_${change}()`);
    }
    this.addSql('drop function if exists analytics.rebuild_listening_rollups()');
    this.addSql('drop index if exists listening_sessions_open_index');
    this.addSql(`drop table if exists ${EPISODE_DAYS}`);
    this.addSql(`drop table if exists ${PODCAST_DAYS}`);
  }
}
