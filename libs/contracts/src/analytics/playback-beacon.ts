import { z } from 'zod';

// What Castbase's own players (the public episode page, the embed player and the in-app players) send to the public
// beacon endpoint while someone listens: a start, a progress beacon every 30 seconds of playback, and an end. They
// are the only measure of listening (completion, listen time, active streams); downloads say nothing about it.
// Beacons go cross-origin without cookies, so a session is only its sessionId.

export const PLAYBACK_EVENTS = ['start', 'progress', 'end'] as const;
export type PlaybackEvent = (typeof PLAYBACK_EVENTS)[number];

export const BEACON_PLAYERS = ['page', 'embed', 'app'] as const;
export type BeaconPlayer = (typeof BEACON_PLAYERS)[number];

/** A progress beacon every 30 seconds of playback. */
export const BEACON_PROGRESS_INTERVAL_SECONDS = 30;
/** No position, listening time or duration in a beacon may pass 24 hours. */
export const BEACON_MAX_SECONDS = 86_400;

export const playbackBeaconMessages = {
  podcastId: 'podcastId must be a UUID',
  episodeId: 'episodeId must be a UUID',
  sessionId: 'sessionId must be a UUID the player makes for each playback',
  event: "event must be 'start', 'progress' or 'end'",
  player: "player must be 'page', 'embed' or 'app'",
  seconds: (field: string) => `${field} must be a number of seconds from 0 to ${BEACON_MAX_SECONDS}`,
  duration: `durationSeconds must be more than 0 and at most ${BEACON_MAX_SECONDS} seconds`,
} as const;

/** A number of seconds from 0 to 24 hours; NaN and infinities are refused. */
function secondsSchema(field: string) {
  const message = playbackBeaconMessages.seconds(field);
  return z.number({ error: message }).min(0, message).max(BEACON_MAX_SECONDS, message);
}

export const playbackBeaconSchema = z.object({
  podcastId: z.uuid({ error: playbackBeaconMessages.podcastId }),
  episodeId: z.uuid({ error: playbackBeaconMessages.episodeId }),
  sessionId: z.uuid({ error: playbackBeaconMessages.sessionId }),
  event: z.enum(PLAYBACK_EVENTS, { error: playbackBeaconMessages.event }),
  /** Where the playhead is. */
  positionSeconds: secondsSchema('positionSeconds'),
  /** Seconds actually played in this session so far (seeking skips none, replaying adds again). */
  listenedSeconds: secondsSchema('listenedSeconds'),
  /** The media's duration when the player knows it. */
  durationSeconds: z
    .number({ error: playbackBeaconMessages.duration })
    .positive(playbackBeaconMessages.duration)
    .max(BEACON_MAX_SECONDS, playbackBeaconMessages.duration)
    .optional(),
  player: z.enum(BEACON_PLAYERS, { error: playbackBeaconMessages.player }),
});
export type PlaybackBeacon = z.infer<typeof playbackBeaconSchema>;
