import {
  BEACON_PROGRESS_INTERVAL_SECONDS,
  type BeaconPlayer,
  type PlaybackBeacon,
  type PlaybackEvent,
} from '@castbase/contracts';
import { useEffect } from 'react';

// Castbase's own players (the public episode page, the podcast page's cards, the embed player) play an episode through
// its enclosure redirect, so each play is a counted download with its source, and report listening with beacons to
// the analytics service: a start on the first play, a progress beacon every 30 seconds of playback, an end when the
// media ends or the page goes away. Beacons go as text/plain (no CORS preflight) and without cookies.

const BEACON_PATH = '/e/beacons';
/** A jump of the playhead larger than this between two time updates is a seek, not playback. */
const MAX_PLAYBACK_STEP_SECONDS = 2;
const ENCLOSURE_PATH = /^\/e\/([0-9a-f-]{36})\/([0-9a-f-]{36})\/[^/]+$/i;

/** The episode a player plays, as the beacon endpoint and the enclosure redirect know it. */
export interface PlayedEpisode {
  podcastId: string;
  episodeId: string;
  /** A private podcast's token, sent to `/e/...` as it is in its feed. */
  token?: string | null;
}

/** The last segment of a media URL, for apps and browsers that read the type from the address. */
function fileNameOf(mediaUrl: string | null | undefined, mimeType: string | undefined): string {
  try {
    const last = new URL(mediaUrl ?? '', window.location.origin).pathname.split('/').pop();
    if (last) return decodeURIComponent(last);
  } catch {
    // Not a URL: the name below.
  }
  return mimeType?.startsWith('video/') ? 'episode.mp4' : 'episode.mp3';
}

/**
 * `/e/{podcastId}/{episodeId}/{file}?src={player}` (and the private token): what a player's `<audio>` plays, so the
 * play is a download counted with where it came from. Only `preload="none"` players use it: nothing is fetched until
 * someone presses play.
 */
export function playerMediaUrl(
  episode: PlayedEpisode,
  player: BeaconPlayer,
  media: { url?: string | null; fileName?: string; mimeType?: string },
): string {
  const query = new URLSearchParams({ src: player });
  if (episode.token) query.set('token', episode.token);
  const file = media.fileName ?? fileNameOf(media.url, media.mimeType);
  return `/e/${episode.podcastId}/${episode.episodeId}/${encodeURIComponent(file)}?${query.toString()}`;
}

/**
 * The episode of a same-site enclosure URL (`/e/{podcastId}/{episodeId}/{file}`) and that URL made to say `src`;
 * null for any other address (an embed made for media elsewhere plays it without beacons).
 */
export function enclosureOf(
  url: string,
  player: BeaconPlayer,
): { episode: PlayedEpisode; mediaUrl: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url, window.location.origin);
  } catch {
    return null;
  }
  const match = ENCLOSURE_PATH.exec(parsed.pathname);
  if (parsed.origin !== window.location.origin || !match) return null;
  parsed.searchParams.set('src', player);
  return {
    episode: {
      podcastId: match[1]!.toLowerCase(),
      episodeId: match[2]!.toLowerCase(),
      token: parsed.searchParams.get('token'),
    },
    mediaUrl: `${parsed.pathname}${parsed.search}`,
  };
}

/** A version 4 UUID; `crypto.randomUUID` exists only on secure origins, and a self-hosted site may be plain http. */
function newSessionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function send(beacon: PlaybackBeacon, token: string | null | undefined): void {
  const url = token ? `${BEACON_PATH}?token=${encodeURIComponent(token)}` : BEACON_PATH;
  const body = JSON.stringify(beacon);
  // A string goes as text/plain: a simple request, no preflight, and sendBeacon outlives the page.
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return;
  fetch(url, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    keepalive: true,
    mode: 'cors',
    credentials: 'omit',
  }).catch(() => undefined);
}

/**
 * Follows one media element's playback and sends its beacons; returns what stops following it. A session starts on
 * the first play and ends with the media or the page; playing again after the end starts a new one. Listening time
 * is the media actually played (seconds of the episode): time updates while playing, seeks left out, a replay
 * counted again.
 */
export function followPlayback(
  media: HTMLMediaElement,
  episode: PlayedEpisode,
  player: BeaconPlayer,
): () => void {
  let sessionId: string | null = null;
  let listenedSeconds = 0;
  let nextProgressAt = BEACON_PROGRESS_INTERVAL_SECONDS;
  let lastTime = media.currentTime;

  const beacon = (event: PlaybackEvent) => {
    if (!sessionId) return;
    const duration = media.duration;
    send(
      {
        podcastId: episode.podcastId,
        episodeId: episode.episodeId,
        sessionId,
        event,
        positionSeconds: Number.isFinite(media.currentTime) ? Math.max(0, media.currentTime) : 0,
        listenedSeconds: Math.round(listenedSeconds * 10) / 10,
        ...(Number.isFinite(duration) && duration > 0 ? { durationSeconds: duration } : {}),
        player,
      },
      episode.token,
    );
  };

  const onPlay = () => {
    lastTime = media.currentTime;
    if (sessionId) return;
    sessionId = newSessionId();
    listenedSeconds = 0;
    nextProgressAt = BEACON_PROGRESS_INTERVAL_SECONDS;
    beacon('start');
  };
  const onTimeUpdate = () => {
    const step = media.currentTime - lastTime;
    lastTime = media.currentTime;
    const maxStep = MAX_PLAYBACK_STEP_SECONDS * Math.max(1, media.playbackRate);
    if (!sessionId || media.paused || step <= 0 || step > maxStep) return;
    listenedSeconds += step;
    if (listenedSeconds >= nextProgressAt) {
      nextProgressAt += BEACON_PROGRESS_INTERVAL_SECONDS;
      beacon('progress');
    }
  };
  const onSeeked = () => {
    lastTime = media.currentTime;
  };
  const end = () => {
    beacon('end');
    sessionId = null;
  };

  media.addEventListener('play', onPlay);
  media.addEventListener('timeupdate', onTimeUpdate);
  media.addEventListener('seeked', onSeeked);
  media.addEventListener('ended', end);
  window.addEventListener('pagehide', end);
  return () => {
    media.removeEventListener('play', onPlay);
    media.removeEventListener('timeupdate', onTimeUpdate);
    media.removeEventListener('seeked', onSeeked);
    media.removeEventListener('ended', end);
    window.removeEventListener('pagehide', end);
    // A player leaving the page (another route) ends its session.
    end();
  };
}

/** Follows a player's media element while it is mounted and plays `episode` (none: no beacons). */
export function usePlaybackBeacons(
  media: HTMLMediaElement | null,
  episode: PlayedEpisode | null,
  player: BeaconPlayer,
): void {
  const podcastId = episode?.podcastId;
  const episodeId = episode?.episodeId;
  const token = episode?.token ?? null;
  useEffect(() => {
    if (!media || !podcastId || !episodeId) return;
    return followPlayback(media, { podcastId, episodeId, token }, player);
  }, [media, podcastId, episodeId, token, player]);
}
