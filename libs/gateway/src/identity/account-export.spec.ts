import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication, LoggerService } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { pino } from 'pino';
import {
  ALL_EVENTS,
  catalogRequests,
  DEFAULT_USER_SETTINGS,
  DomainError,
  identityRequests,
  type Episode,
} from '@castbase/contracts';
import { AuthModule, mintDevAccessToken } from '@castbase/platform-auth';
import { InProcessBus, MessageBus, MessagingModule } from '@castbase/platform-messaging';
import { HttpErrorFilter } from '@castbase/platform-runtime';
import { freePort, waitFor } from '@castbase/platform-testing';
import { AccountExportController } from './account-export.controller.js';

const PODCAST_ID = '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5';

/** The nth episode of a user's export: ids sort like their index, as the catalog's cursor needs. */
function episodeAt(ownerId: string, index: number, description: string): Episode {
  return {
    id: `00000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`,
    podcastId: PODCAST_ID,
    ownerId,
    title: `Episode ${index + 1}`,
    description,
    status: 'published',
    episodeType: 'full',
    explicit: false,
    seasonNumber: null,
    episodeNumber: index + 1,
    guid: `guid-${index}`,
    media: null,
    durationSeconds: 0,
    artworkMediaId: null,
    artworkUrl: null,
    tags: [],
    enableRss: true,
    enableVideo: false,
    podcastBlock: false,
    transcripts: [],
    chapters: [],
    soundbites: [],
    persons: [],
    value: null,
    location: null,
    funding: [],
    license: null,
    alternateEnclosures: [],
    plays: 0,
    publishDate: '2026-11-01T10:00:00.000Z',
    scheduledReleaseDate: null,
    revision: 1,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
  };
}

/** Captures what the application logs, so a test can wait for a log line instead of a timer. */
class CapturingLogger implements LoggerService {
  readonly lines: Array<{ level: string; message: string }> = [];
  log(message: unknown) {
    this.record('log', message);
  }
  error(message: unknown, ...rest: unknown[]) {
    this.record('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.record('warn', message, rest);
  }
  private record(level: string, message: unknown, rest: unknown[] = []) {
    this.lines.push({
      level,
      message: [message, ...rest].map((part) => (typeof part === 'string' ? part : '')).join(' '),
    });
  }
}

/**
 * The export controller in a Nest app of its own, with dev tokens and an in-process bus on which this spec plays
 * identity's and catalog's side of the four subjects the export asks: each user's episodes are made up per page.
 */
describe('GET /api/account/export: the data export, streamed', () => {
  const signingKey = randomBytes(32).toString('hex');
  const logger = new CapturingLogger();
  /** Per user: how many episodes, how long each description, and which page (1-based) fails, if any. */
  const users = new Map<string, { episodes: number; descriptionLength: number; failingPage?: number }>();
  const pagesAsked = new Map<string, number>();
  let app: INestApplication;
  let baseUrl: string;

  beforeAll(async () => {
    const module = await Test.createTestingModule({
      imports: [
        AuthModule.forRoot({ devSigningKey: signingKey }),
        MessagingModule.forRoot({
          bus: () => new InProcessBus({ events: ALL_EVENTS, logger: pino({ level: 'silent' }) }),
        }),
      ],
      controllers: [AccountExportController],
      providers: [{ provide: APP_FILTER, useClass: HttpErrorFilter }],
    }).compile();
    app = module.createNestApplication({ logger });
    const bus = app.get(MessageBus);
    await bus.respond(
      identityRequests.getSettings,
      ({ userId }) => {
        if (!users.has(userId)) throw new DomainError('SERVICE_UNAVAILABLE');
        return { ...DEFAULT_USER_SETTINGS, updatedAt: null };
      },
      { queue: 'identity' },
    );
    await bus.respond(identityRequests.getProfile, () => ({ profile: null }), { queue: 'identity' });
    await bus.respond(catalogRequests.listPodcasts, () => ({ items: [] }), { queue: 'catalog' });
    await bus.respond(
      catalogRequests.exportEpisodes,
      ({ ownerId, after, limit }) => {
        const user = users.get(ownerId);
        if (!user) return { items: [], next: null };
        const page = (pagesAsked.get(ownerId) ?? 0) + 1;
        pagesAsked.set(ownerId, page);
        if (page === user.failingPage) throw new Error('the catalog database went away');
        const start = after ? Number.parseInt(after.slice(-12), 16) + 1 : 0;
        const description = 'd'.repeat(user.descriptionLength);
        const items = Array.from(
          { length: Math.max(0, Math.min(limit, user.episodes - start)) },
          (_, offset) => episodeAt(ownerId, start + offset, description),
        );
        const last = items.at(-1);
        return { items, next: items.length === limit && last ? last.id : null };
      },
      { queue: 'catalog' },
    );
    const port = await freePort();
    await app.listen(port);
    baseUrl = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await app?.close();
  });

  async function exportAs(userId: string, init: RequestInit = {}) {
    const token = await mintDevAccessToken(signingKey, { sub: userId });
    return fetch(`${baseUrl}/api/account/export`, { ...init, headers: { authorization: `Bearer ${token}` } });
  }

  it('downloads one valid JSON file with the date, the settings, the profile, the podcasts and every episode across pages', async () => {
    users.set('many-episodes', { episodes: 1_201, descriptionLength: 20 });

    const response = await exportAs('many-episodes');

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="castbase-data-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const document = (await response.json()) as Record<string, unknown> & { episodes: Episode[] };
    expect(Object.keys(document)).toEqual(['exportedAt', 'settings', 'profile', 'podcasts', 'episodes']);
    expect(Date.parse(document['exportedAt'] as string)).not.toBeNaN();
    expect(document['settings']).toEqual({ ...DEFAULT_USER_SETTINGS, updatedAt: null });
    expect(document['profile']).toBeNull();
    expect(document.episodes).toHaveLength(1_201);
    expect(document.episodes.map((episode) => episode.episodeNumber)).toEqual(
      Array.from({ length: 1_201 }, (_, index) => index + 1),
    );
    expect(pagesAsked.get('many-episodes')).toBe(3);
  });

  it('writes an empty episode list for a creator without episodes', async () => {
    users.set('no-episodes', { episodes: 0, descriptionLength: 0 });

    const document = (await (await exportAs('no-episodes')).json()) as { episodes: unknown[] };

    expect(document.episodes).toEqual([]);
  });

  it('cuts the JSON short and logs the failure when a page fails after the download began', async () => {
    users.set('failing-catalog', { episodes: 1_500, descriptionLength: 10, failingPage: 2 });

    const response = await exportAs('failing-catalog');
    const text = await response.text();

    expect(response.status).toBe(200);
    expect(text).toMatch(/^\{"exportedAt":/);
    expect(text).toContain('"title":"Episode 500"');
    expect(text).not.toContain('"title":"Episode 501"');
    expect(() => JSON.parse(text) as unknown).toThrow(SyntaxError);
    expect(logger.lines).toContainEqual({ level: 'error', message: expect.stringContaining('cut short') });
  });

  it('answers an ordinary JSON error when the first part cannot be read, before anything is sent', async () => {
    const response = await exportAs('unknown-to-identity');

    expect(response.status).toBe(503);
    expect(response.headers.get('content-disposition')).toBeNull();
    expect(await response.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service is unavailable. Please try again in a moment.',
    });
  });

  it('stops asking the catalog for pages once the client stops reading and goes away', async () => {
    // 40 pages of about 5 MB: far more than socket buffers hold, so only backpressure keeps it from all being read.
    users.set('slow-reader', { episodes: 20_000, descriptionLength: 10_000 });
    const controller = new AbortController();

    const response = await exportAs('slow-reader', { signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();

    await waitFor('the server to notice the client left', () =>
      logger.lines.some(
        (line) => line.level === 'warn' && line.message.includes('ended before it was complete'),
      ),
    );
    expect(pagesAsked.get('slow-reader')).toBeLessThan(10);
  });
});
