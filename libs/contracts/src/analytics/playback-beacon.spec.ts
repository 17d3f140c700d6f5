import { describe, expect, it } from '@jest/globals';
import { playbackBeaconSchema } from './playback-beacon.js';

const beacon = {
  podcastId: '6ba7b810-9dad-41d1-80b4-00c04fd430c8',
  episodeId: '0f8fad5b-d9cb-469f-a165-70867728950e',
  sessionId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  event: 'progress',
  positionSeconds: 95.4,
  listenedSeconds: 90,
  durationSeconds: 1800.5,
  player: 'embed',
};

function messageFor(change: Record<string, unknown>): string | undefined {
  return playbackBeaconSchema.safeParse({ ...beacon, ...change }).error?.issues[0]?.message;
}

describe('playback beacons', () => {
  it('accepts a start, a progress and an end from each player, the duration optional', () => {
    for (const event of ['start', 'progress', 'end']) {
      for (const player of ['page', 'embed', 'app']) {
        expect(playbackBeaconSchema.safeParse({ ...beacon, event, player }).success).toBe(true);
      }
    }
    expect(
      playbackBeaconSchema.parse({ ...beacon, durationSeconds: undefined }).durationSeconds,
    ).toBeUndefined();
    expect(
      playbackBeaconSchema.safeParse({ ...beacon, positionSeconds: 0, listenedSeconds: 86_400 }).success,
    ).toBe(true);
  });

  it('refuses identifiers that are not UUIDs, each with its message', () => {
    expect(messageFor({ podcastId: 'my-show' })).toBe('podcastId must be a UUID');
    expect(messageFor({ episodeId: 42 })).toBe('episodeId must be a UUID');
    expect(messageFor({ sessionId: undefined })).toBe(
      'sessionId must be a UUID the player makes for each playback',
    );
  });

  it('refuses an unknown event or player', () => {
    expect(messageFor({ event: 'pause' })).toBe("event must be 'start', 'progress' or 'end'");
    expect(messageFor({ player: 'widget' })).toBe("player must be 'page', 'embed' or 'app'");
  });

  it.each([-1, 86_401, Number.POSITIVE_INFINITY, Number.NaN, '95'])(
    'refuses a position or listening time of %p seconds',
    (seconds) => {
      expect(messageFor({ positionSeconds: seconds })).toBe(
        'positionSeconds must be a number of seconds from 0 to 86400',
      );
      expect(messageFor({ listenedSeconds: seconds })).toBe(
        'listenedSeconds must be a number of seconds from 0 to 86400',
      );
    },
  );

  it('refuses a duration of 0 or more than a day', () => {
    const message = 'durationSeconds must be more than 0 and at most 86400 seconds';
    expect(messageFor({ durationSeconds: 0 })).toBe(message);
    expect(messageFor({ durationSeconds: 86_401 })).toBe(message);
    expect(messageFor({ durationSeconds: null })).toBe(message);
  });
});
