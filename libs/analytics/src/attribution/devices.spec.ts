import { describe, expect, it } from '@jest/globals';
import { deviceOf } from './devices.js';
import { identifyApp } from './podcast-apps.js';
import {
  APP_USER_AGENTS,
  UNNAMED_PLAYER_USER_AGENTS,
  type AppUserAgentExample,
} from './testing/podcast-app-user-agents.js';

describe('deviceOf', () => {
  it.each<[string, AppUserAgentExample]>(
    [...APP_USER_AGENTS, ...UNNAMED_PLAYER_USER_AGENTS].map((example) => [example.userAgent, example]),
  )('places %s', (userAgent, example) => {
    expect(deviceOf(userAgent)).toEqual({ device: example.device, os: example.os });
  });

  it('gives the same answer when the app is passed in', () => {
    for (const { userAgent } of APP_USER_AGENTS)
      expect(deviceOf(userAgent, identifyApp(userAgent))).toEqual(deviceOf(userAgent));
  });

  it('counts smart speakers from the app table: Alexa, Sonos, Google Home, HomePod', () => {
    const speakers = APP_USER_AGENTS.filter((example) => example.kind === 'smart-speaker');
    expect(new Set(speakers.map((example) => example.app))).toEqual(
      new Set(['Alexa', 'Sonos', 'Google Home', 'Google Nest Hub', 'Apple HomePod', 'Apple Podcasts']),
    );
    for (const { userAgent } of speakers) expect(deviceOf(userAgent).device).toBe('smart speaker');
  });

  it('counts Apple TV, Chromecast and Android TV as TVs', () => {
    expect(deviceOf('AppleCoreMedia/1.0.0.20K71 (Apple TV; U; CPU OS 16_1 like Mac OS X; en_au)')).toEqual({
      device: 'tv',
      os: 'tvOS',
    });
    expect(
      deviceOf('Dalvik/2.1.0 (Linux; U; Android 9; SHIELD Android TV Build/PPR1.180610.011)').device,
    ).toBe('tv');
    expect(
      deviceOf(
        'Mozilla/5.0 (Linux; Android 9; AFTKA Build/PS7233; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36',
      ).device,
    ).toBe('tv');
  });

  it('tells a Mac from an iPhone by the CPU Apple puts after Darwin on a Mac', () => {
    expect(deviceOf('Podcasts/1575.1.2 CFNetwork/1327.0.4 Darwin/21.2.0 (arm64)')).toEqual({
      device: 'desktop',
      os: 'macOS',
    });
    expect(deviceOf('Podcasts/1575.1.2 CFNetwork/1327.0.4 Darwin/21.2.0')).toEqual({
      device: 'mobile',
      os: 'iOS',
    });
  });

  it('knows nothing of a missing User-Agent or one that names no system', () => {
    expect(deviceOf(undefined)).toEqual({ device: 'unknown', os: null });
    expect(deviceOf('')).toEqual({ device: 'unknown', os: null });
    expect(deviceOf('Pocket Casts')).toEqual({ device: 'unknown', os: null });
  });
});
