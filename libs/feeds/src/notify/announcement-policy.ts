/** How patiently feed changes are announced to WebSub hubs and Podping. */
export interface AnnouncementPolicy {
  /** A request that has not answered by then is abandoned (and retried). */
  timeoutMs: number;
  /** Tries per request before it is given up on and logged, the first included. */
  attempts: number;
  /** Wait before the first retry; it doubles before each next one. */
  firstRetryDelayMs: number;
}

/** Nest token of the {@link AnnouncementPolicy}; tests provide a quicker one. */
export const ANNOUNCEMENT_POLICY = Symbol('ANNOUNCEMENT_POLICY');

/** 10 s per request; four tries 5 s, 10 s and 20 s apart, so a hub has about a minute to come back. */
export const DEFAULT_ANNOUNCEMENT_POLICY: AnnouncementPolicy = {
  timeoutMs: 10_000,
  attempts: 4,
  firstRetryDelayMs: 5_000,
};
