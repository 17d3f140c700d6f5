import { describe, expect, it } from '@jest/globals';
import { findPodcastApp, identifyApp, PODCAST_APPS } from './podcast-apps.js';
import {
  APP_USER_AGENTS,
  UNNAMED_PLAYER_USER_AGENTS,
  type AppUserAgentExample,
} from './testing/podcast-app-user-agents.js';

describe('identifyApp', () => {
  it.each<[string, AppUserAgentExample]>(APP_USER_AGENTS.map((example) => [example.userAgent, example]))(
    'names %s',
    (userAgent, example) => {
      expect(identifyApp(userAgent)).toEqual({
        app: example.app,
        kind: example.kind,
        ...(example.browser ? { browser: example.browser } : {}),
      });
    },
  );

  it('has a real User-Agent for every row of the table, matched by that row and no earlier one', () => {
    const rowsWithAnExample = new Set(APP_USER_AGENTS.map((example) => findPodcastApp(example.userAgent)));
    const rowsWithout = PODCAST_APPS.filter((row) => !rowsWithAnExample.has(row));
    expect(rowsWithout.map((row) => `${row.app} ${row.pattern.source}`)).toEqual([]);
  });

  it('covers every app the attribution promises to name', () => {
    const named = new Set(APP_USER_AGENTS.map((example) => example.app));
    for (const app of [
      'Apple Podcasts',
      'Spotify',
      'Overcast',
      'Pocket Casts',
      'Castro',
      'Podcast Addict',
      'AntennaPod',
      'Podverse',
      'Fountain',
      'YouTube Music',
      'Amazon Music',
      'Alexa',
      'Google Podcasts',
      'Castbox',
      'Player FM',
      'Podbean',
      'iHeartRadio',
      'Deezer',
      'Podcast Republic',
      'Stitcher',
      'TuneIn',
      'Sonos',
      'Google Home',
      'Breaker',
      'Downcast',
      'Podcast Guru',
      'Goodpods',
      'Snipd',
      'Castamatic',
      'gPodder',
      'Apple TV',
      'Web Browser',
    ])
      expect(named).toContain(app);
  });

  it('tells the four main browsers apart by name', () => {
    const browsers = APP_USER_AGENTS.filter((example) => example.kind === 'browser');
    expect(new Set(browsers.map((example) => identifyApp(example.userAgent).browser))).toEqual(
      new Set(['Chrome', 'Safari', 'Firefox', 'Edge']),
    );
  });

  it('does not credit Apple Podcasts with AppleCoreMedia, which every streaming app on Apple devices sends', () => {
    expect(identifyApp('AppleCoreMedia/1.0.0.20G75 (iPhone; U; CPU OS 16_6 like Mac OS X; en_us)').app).toBe(
      'AppleCoreMedia',
    );
  });

  it('names players no row knows Unknown', () => {
    for (const example of UNNAMED_PLAYER_USER_AGENTS)
      expect(identifyApp(example.userAgent)).toEqual({ app: 'Unknown', kind: 'other' });
  });

  it('names a missing or blank User-Agent Unknown', () => {
    expect(identifyApp(undefined)).toEqual({ app: 'Unknown', kind: 'other' });
    expect(identifyApp('   ')).toEqual({ app: 'Unknown', kind: 'other' });
  });

  it('reads a User-Agent whose percent-encoding is broken as it is', () => {
    expect(identifyApp('Castro%ZZ/1024 CFNetwork/955.1.2 Darwin/18.0.0')).toEqual({
      app: 'Unknown',
      kind: 'other',
    });
    expect(identifyApp('Overcast/3.0 (100% podcast app)').app).toBe('Overcast');
  });

  it('does not call a command-line tool a browser', () => {
    expect(identifyApp('curl/8.5.0')).toEqual({ app: 'Unknown', kind: 'other' });
  });
});
