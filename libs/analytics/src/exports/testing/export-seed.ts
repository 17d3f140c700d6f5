import { randomUUID } from 'node:crypto';
import type { AnalyticsTestApp } from '../../testing/analytics-test-app.js';

// Counted downloads, players' sessions and feed requests on chosen past days, written as the counter, the beacon
// endpoint and the feed-request handler write them, for the export's tests (a real request is always "now").

export interface SeededDownload {
  at: string;
  episodeId: string;
  /** Stands for a listener key (bytes of its hex). */
  listener: string;
  country: string | null;
  app: string;
  excluded?: 'burst';
}

export interface SeededSession {
  at: string;
  episodeId: string;
  listenedSeconds: number;
  durationSeconds: number | null;
}

export interface SeededFeedRequest {
  at: string;
  bytes: number;
}

export async function seedDownloads(
  analytics: AnalyticsTestApp,
  podcastId: string,
  ownerId: string,
  downloads: readonly SeededDownload[],
): Promise<void> {
  for (const download of downloads) {
    await analytics.rows(
      `insert into analytics.downloads (request_id, counted_at, window_start, podcast_id, episode_id, owner_id,
         listener, address, app, app_kind, device, os, country, source, excluded)
       values (?, ?, ?, ?, ?, ?, decode(?, 'hex'), null, ?, 'app', 'mobile', null, ?, 'Podcast app', ?)`,
      [
        randomUUID(),
        download.at,
        download.at,
        podcastId,
        download.episodeId,
        ownerId,
        Buffer.from(download.listener).toString('hex'),
        download.app,
        download.country,
        download.excluded ?? null,
      ],
    );
  }
}

export async function seedSessions(
  analytics: AnalyticsTestApp,
  podcastId: string,
  ownerId: string,
  sessions: readonly SeededSession[],
): Promise<void> {
  for (const session of sessions) {
    await analytics.rows(
      `insert into analytics.listening_sessions (session_id, podcast_id, episode_id, owner_id, player, listener,
         country, app, device, started_at, last_beacon_at, ended_at, listened_seconds, max_position, duration_seconds)
       values (?, ?, ?, ?, 'page', decode('00', 'hex'), null, 'Web Browser', 'desktop', ?, ?, ?, ?, ?, ?)`,
      [
        randomUUID(),
        podcastId,
        session.episodeId,
        ownerId,
        session.at,
        session.at,
        session.at,
        session.listenedSeconds,
        session.listenedSeconds,
        session.durationSeconds,
      ],
    );
  }
}

export async function seedFeedRequests(
  analytics: AnalyticsTestApp,
  podcastId: string,
  requests: readonly SeededFeedRequest[],
): Promise<void> {
  for (const request of requests) {
    await analytics.rows(
      `insert into analytics.feed_requests (requested_at, podcast_id, variant, status, bytes, encoding, cache_hit, app,
         app_kind, filtered, country, fetcher)
       values (?, ?, 'main', 200, ?, 'gzip', false, 'Overcast', 'app', false, 'US', decode('00', 'hex'))`,
      [request.at, podcastId, request.bytes],
    );
  }
}
