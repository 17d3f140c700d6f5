import { describe, expect, it } from '@jest/globals';
import { subscribersFromUserAgent } from './aggregator-subscribers.js';
import { isFilteredUserAgent } from './bots.js';

// Agents as the services document them or as server logs publish them.
// prettier-ignore
const REPORTED: [userAgent: string, aggregator: string, subscribers: number, feedId: string | null][] = [
  ['Overcast/1.0 Podcast Sync (123 subscribers; feed-id=456789; +http://overcast.fm/)', 'Overcast', 123, '456789'],
  ['PlayerFM/1.0 Podcast Sync (0 subscribers; url=https://player.fm/series/series-2567872)', 'Player FM', 0, null],
  ['UCast/1.0 Podcast Sync (1 subscribers; feed-id=aHR0cHM6Ly9mZWVkcy5idXp6c3Byb3V0LmNvbS8yMDg0OTQucnNzEAEBAD32-0242-42AC-8583-21E9BAD8C544; +http://www.ucastapp.com/)', 'UCast', 1, 'aHR0cHM6Ly9mZWVkcy5idXp6c3Byb3V0LmNvbS8yMDg0OTQucnNzEAEBAD32-0242-42AC-8583-21E9BAD8C544'],
  ['Podcatcher Bot 1.0 (1 subscribers; +https://podcatcher.net)', 'Podcatcher', 1, null],
  ['Breaker/v264 (subscribers=1690; feed-id=185589; url=https://www.breaker.audio/fresh-air)', 'Breaker', 1690, '185589'],
  ['Feedly/1.0 (+http://www.feedly.com/fetcher.html; 457 subscribers; like FeedFetcher-Google)', 'Feedly', 457, null],
  ['Mozilla/5.0 (compatible; inoreader.com; 5 subscribers)', 'Inoreader', 5, null],
  ['Feedbin feed-id:1373711 - 142 subscribers', 'Feedbin', 142, '1373711'],
  ['NewsBlur Feed Fetcher - 1 subscriber - http://www.newsblur.com/site/0000000/webpage (Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)', 'NewsBlur', 1, null],
  ['Mozilla/5.0 (compatible; theoldreader.com; 1 subscribers; feed-id=0719795c4d27c784217b0bc0)', 'The Old Reader', 1, '0719795c4d27c784217b0bc0'],
  ['Mozilla/5.0 (compatible; BazQux/2.4; +https://bazqux.com/fetcher; 6 subscribers)', 'BazQux', 6, null],
  ['Bloglovin/1.0 (http://www.bloglovin.com; 1 subscribers)', 'Bloglovin', 1, null],
  ['Feedfetcher-Google; (+http://www.google.com/feedfetcher.html; 1 subscribers; feed-id=4653447469100830145)', 'Google Feedfetcher', 1, '4653447469100830145'],
];

describe('subscribersFromUserAgent', () => {
  it.each(REPORTED)('reads %s', (userAgent, aggregator, subscribers, feedId) => {
    expect(subscribersFromUserAgent(userAgent)).toEqual({
      aggregator,
      subscribers,
      ...(feedId === null ? {} : { feedId }),
    });
  });

  it('keeps those fetchers out of the download counts', () => {
    for (const [userAgent] of REPORTED) expect(isFilteredUserAgent(userAgent).filtered).toBe(true);
  });

  it('is null for an aggregator that sent no count this time', () => {
    expect(
      subscribersFromUserAgent('Feedly/1.0 (+http://www.feedly.com/fetcher.html; like FeedFetcher-Google)'),
    ).toBeNull();
    expect(subscribersFromUserAgent('Overcast/1.0 Podcast Sync (+http://overcast.fm/)')).toBeNull();
  });

  it('is null for apps and fetchers that report no subscribers', () => {
    expect(
      subscribersFromUserAgent('PocketCasts/1.0 (Pocket Casts Feed Parser; +http://pocketcasts.com/)'),
    ).toBeNull();
    expect(
      subscribersFromUserAgent('PodcastAddict/v5 ( https://podcastaddict.com/; Android podcast app)'),
    ).toBeNull();
    expect(subscribersFromUserAgent('Podcasts/4022.610.1 CFNetwork/1408.0.4 Darwin/22.5.0')).toBeNull();
    expect(subscribersFromUserAgent(undefined)).toBeNull();
  });

  it('does not read a count from an agent it does not know, whatever it claims', () => {
    expect(subscribersFromUserAgent('SomeReader/2.1 (1000000 subscribers)')).toBeNull();
  });
});
