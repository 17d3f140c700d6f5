/** Content codings the feed is served in, best first. */
export const FEED_ENCODINGS = ['br', 'gzip'] as const;
export type FeedEncoding = (typeof FEED_ENCODINGS)[number] | 'identity';

/**
 * Picks the coding for a response from `Accept-Encoding` (RFC 9110 §12.5.3): the client's highest q-value among
 * br and gzip, br on a tie; identity when neither is acceptable or the header is absent.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): FeedEncoding {
  if (!acceptEncoding) return 'identity';
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [coding = '', ...parameters] = part.trim().toLowerCase().split(';');
    if (!coding) continue;
    const q = parameters
      .map((parameter) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(parameter)?.[1])
      .find((value) => value !== undefined);
    weights.set(coding.trim(), q === undefined ? 1 : Number(q));
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  let best: FeedEncoding = 'identity';
  let bestWeight = 0;
  for (const coding of FEED_ENCODINGS) {
    const weight = weightOf(coding);
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}
