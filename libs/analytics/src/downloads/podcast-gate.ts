import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastHttpRoutes, FastRequest } from '@castbase/platform-runtime';

/** Who may download a podcast's episodes: anyone, or (private) whoever has the token whose SHA-256 this is. */
export interface PodcastGate {
  private: boolean;
  tokenHash: Buffer | null;
}

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest();

/**
 * A private podcast answers only to its current token (`?token=`), compared as SHA-256 hashes in constant time: the
 * rule of the enclosure redirect and of the listening beacons alike.
 */
export function gateRefusal(
  gate: PodcastGate,
  token: string | undefined,
): 'FEED_TOKEN_REQUIRED' | 'FEED_TOKEN_INVALID' | null {
  if (!gate.private) return null;
  if (!token) return 'FEED_TOKEN_REQUIRED';
  return gate.tokenHash && timingSafeEqual(gate.tokenHash, hashToken(token)) ? null : 'FEED_TOKEN_INVALID';
}

/**
 * The listener's address of a request answered by a fast route: as Express's `req.ip` gives it under TRUST_PROXY,
 * or, in a Nest test module without fast routes, Express's own `req.ip`.
 */
export function listenerIp(request: FastRequest, fastRoutes: FastHttpRoutes | undefined): string {
  const remoteAddress = request.socket.remoteAddress;
  const forwarded = request.headers['x-forwarded-for'];
  const forwardedFor = Array.isArray(forwarded) ? forwarded.join(', ') : forwarded;
  return fastRoutes?.attached
    ? fastRoutes.clientAddress({ remoteAddress, forwardedFor })
    : ((request as { ip?: string }).ip ?? remoteAddress ?? '');
}
