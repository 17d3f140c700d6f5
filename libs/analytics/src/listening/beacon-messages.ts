import { BEACON_MAX_BODY_BYTES } from './beacon-limits.js';

/** What the beacon endpoint answers, beside the contract's messages for each field of a beacon. */
export const beaconMessages = {
  notJson: 'The beacon is not valid JSON',
  notABeacon: 'The beacon is not a playback beacon',
  contentType: 'A beacon is sent as text/plain or application/json',
  tooLarge: `A beacon is at most ${BEACON_MAX_BODY_BYTES} bytes`,
  sessionOfAnotherEpisode: 'This sessionId is a playback of another episode',
} as const;
