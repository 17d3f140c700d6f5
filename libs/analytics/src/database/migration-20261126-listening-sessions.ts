import { Migration } from '@mikro-orm/migrations';

/**
 * One row per playback in a Castbase player (the public episode page, the embed player, the in-app players), kept
 * current by its beacons: how long it was listened to, how far it got, whether it ended. Listen time, completion,
 * unique listeners, active streams and trending episodes are read from it. The listener is a daily keyed hash of the
 * address and user agent, never the address.
 */
export class CreateListeningSessions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table listening_sessions (
        session_id uuid primary key,
        podcast_id uuid not null,
        episode_id uuid not null,
        owner_id text not null,
        player text not null,
        listener bytea not null,
        country text null,
        app text not null,
        device text not null,
        started_at timestamptz not null,
        last_beacon_at timestamptz not null,
        ended_at timestamptz null,
        listened_seconds real not null,
        max_position real not null,
        duration_seconds real null
      )`);
    this.addSql(
      'create index listening_sessions_podcast_id_started_at_index on listening_sessions (podcast_id, started_at)',
    );
    this.addSql(
      'create index listening_sessions_episode_id_started_at_index on listening_sessions (episode_id, started_at)',
    );
    this.addSql('create index listening_sessions_owner_id_index on listening_sessions (owner_id)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists listening_sessions');
  }
}
