import type { Podcast } from '@castbase/contracts';

/** One outbound notification: where it goes and what it says, ready for `fetch`. */
export interface OutboundNotification {
  /** For the logs: 'WebSub hub https://hub.example/' or 'Podping https://podping.cloud/'. */
  target: string;
  url: string;
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string };
}

/**
 * A WebSub publish notification (PubSubHubbub 0.4 §7; the W3C WebSub recommendation leaves publishing to the hub):
 * one form-encoded POST per hub with `hub.mode=publish` and a `hub.url` per changed feed. Repeating `hub.url` is
 * what Google's hub (pubsubhubbub.appspot.com) and Superfeedr document for several feeds at once.
 */
export function websubPublish(
  hub: string,
  feedUrls: readonly string[],
  userAgent: string,
): OutboundNotification {
  const form = new URLSearchParams([['hub.mode', 'publish']]);
  for (const feedUrl of feedUrls) form.append('hub.url', feedUrl);
  return {
    target: `WebSub hub ${hub}`,
    url: hub,
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': userAgent },
      body: form.toString(),
    },
  };
}

/**
 * A Podping notification as podping.cloud documents it: `GET <endpoint>?url=<feed>&reason=update&medium=<medium>`
 * with the publisher's token as the whole `Authorization` header and a `User-Agent` (both required there). One
 * feed per request.
 */
export function podpingNotification(
  endpoint: string,
  token: string | undefined,
  feedUrl: string,
  medium: Podcast['podcastMedium'],
  userAgent: string,
): OutboundNotification {
  const url = new URL(endpoint);
  url.searchParams.set('url', feedUrl);
  url.searchParams.set('reason', 'update');
  url.searchParams.set('medium', medium);
  const headers: Record<string, string> = { 'user-agent': userAgent };
  if (token) headers['authorization'] = token;
  return { target: `Podping ${endpoint}`, url: url.toString(), init: { method: 'GET', headers } };
}
