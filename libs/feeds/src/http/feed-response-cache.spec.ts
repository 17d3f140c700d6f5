import { MAIN_FEED } from '@castbase/contracts';
import { FeedResponseCache, type CachedAddress, type ServedPodcast } from './feed-response-cache.js';

const podcast: ServedPodcast = {
  podcastId: '7b0b7b59-6d3c-4a0f-9f6e-3d0c0a9e1a11',
  username: 'creator',
  slug: 'show',
  private: false,
  token: null,
};
const moved: CachedAddress = { kind: 'moved', podcast, variant: MAIN_FEED };

describe('FeedResponseCache', () => {
  let now: number;
  let cache: FeedResponseCache;

  beforeEach(() => {
    now = 1_000_000;
    cache = new FeedResponseCache({ maxFeeds: 2, ttlMs: 60_000, now: () => now });
  });

  it('evicts the address used least recently, to the second', () => {
    cache.store('creator/a.xml', moved, cache.version());
    cache.store('creator/b.xml', moved, cache.version());
    now += 1_000;
    expect(cache.lookup('creator/a.xml').state).toBe('fresh');
    cache.store('creator/c.xml', moved, cache.version());

    expect(cache.lookup('creator/a.xml').state).toBe('fresh');
    expect(cache.lookup('creator/b.xml').state).toBe('unknown');
    expect(cache.lookup('creator/c.xml').state).toBe('fresh');
  });

  it('keeps the order of addresses used within the same second as they were stored', () => {
    cache.store('creator/a.xml', moved, cache.version());
    cache.store('creator/b.xml', moved, cache.version());
    now += 999;
    expect(cache.lookup('creator/a.xml').state).toBe('fresh');
    cache.store('creator/c.xml', moved, cache.version());

    expect(cache.lookup('creator/a.xml').state).toBe('unknown');
    expect(cache.lookup('creator/b.xml').state).toBe('fresh');
  });

  it('answers stale once the TTL has run out, and missing for a remembered miss', () => {
    cache.store('creator/a.xml', moved, cache.version());
    cache.storeMissing('creator/gone.xml', cache.version());
    now += 59_999;
    expect(cache.lookup('creator/a.xml').state).toBe('fresh');
    expect(cache.lookup('creator/gone.xml').state).toBe('missing');
    now += 1;
    expect(cache.lookup('creator/a.xml').state).toBe('stale');
    expect(cache.lookup('creator/gone.xml').state).toBe('unknown');
  });
});
