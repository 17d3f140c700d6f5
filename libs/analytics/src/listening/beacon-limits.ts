/** A beacon is a few hundred bytes of JSON; anything past this is not one of our players'. */
export const BEACON_MAX_BODY_BYTES = 4096;
/** Where players send beacons, on the analytics service (the ingress routes `/e` to it). */
export const BEACON_PATH = '/e/beacons';
