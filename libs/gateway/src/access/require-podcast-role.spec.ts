import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Get, Param, Post, type INestApplication } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { pino } from 'pino';
import {
  ALL_EVENTS,
  catalogRequests,
  DomainError,
  type ParsedRequestOf,
  type PodcastRole,
} from '@castbase/contracts';
import { AuthModule, mintDevAccessToken } from '@castbase/platform-auth';
import { InProcessBus, MessageBus, MessagingModule } from '@castbase/platform-messaging';
import { HttpErrorFilter } from '@castbase/platform-runtime';
import { freePort } from '@castbase/platform-testing';
import { RequirePodcastRole } from './require-podcast-role.js';

const PODCAST_ID = randomUUID();
const EPISODE_ID = randomUUID();
/** Each user's role on the one podcast; anyone else has none. */
const ROLES: Record<string, PodcastRole> = {
  'user-owner': 'owner',
  'user-editor': 'editor',
  'user-viewer': 'viewer',
};

/** Routes of every shape the guard meets: by podcast, by episode, with an action's own 403 code. */
@Controller('api/test')
class GuardedController {
  @Get('podcasts/:podcastId')
  @RequirePodcastRole('view', { from: 'podcastId' })
  read(@Param('podcastId') podcastId: string) {
    return { reached: 'read', podcastId };
  }

  @Post('podcasts/:podcastId/settings')
  @RequirePodcastRole('manage', { from: 'podcastId' })
  manage() {
    return { reached: 'manage' };
  }

  @Post('episodes/:episodeId/publish')
  @RequirePodcastRole('editEpisodes', { from: 'episodeId', forbidden: 'EPISODE_PUBLISH_FORBIDDEN' })
  publish() {
    return { reached: 'publish' };
  }
}

describe('RequirePodcastRole: the gateway guard in front of every podcast-scoped route', () => {
  const signingKey = randomBytes(32).toString('hex');
  const asked: Array<ParsedRequestOf<typeof catalogRequests.resolveAccess>> = [];
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
      controllers: [GuardedController],
      providers: [{ provide: APP_FILTER, useClass: HttpErrorFilter }],
    }).compile();
    app = module.createNestApplication({ logger: false });
    // The catalog's side of catalog.access.resolve, as its handler answers it.
    await app.get(MessageBus).respond(
      catalogRequests.resolveAccess,
      (request) => {
        asked.push(request);
        const known =
          'podcastId' in request ? request.podcastId === PODCAST_ID : request.episodeId === EPISODE_ID;
        const role = ROLES[request.userId];
        if (!known || !role)
          throw new DomainError('podcastId' in request ? 'PODCAST_NOT_FOUND' : 'EPISODE_NOT_FOUND');
        return { podcastId: PODCAST_ID, role };
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

  async function call(method: string, path: string, userId?: string) {
    const token = userId
      ? await mintDevAccessToken(signingKey, {
          sub: userId,
          email: `${userId}@example.org`,
          name: `Name of ${userId}`,
        })
      : undefined;
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  it("lets a role that allows the action through to the handler, asking catalog with the caller's id, e-mail and name", async () => {
    await expect(call('GET', `/api/test/podcasts/${PODCAST_ID}`, 'user-viewer')).resolves.toEqual({
      status: 200,
      body: { reached: 'read', podcastId: PODCAST_ID },
    });
    expect(asked.at(-1)).toEqual({
      userId: 'user-viewer',
      email: 'user-viewer@example.org',
      name: 'Name of user-viewer',
      podcastId: PODCAST_ID,
    });
    await expect(
      call('POST', `/api/test/podcasts/${PODCAST_ID}/settings`, 'user-owner'),
    ).resolves.toMatchObject({
      status: 201,
    });
    await expect(
      call('POST', `/api/test/episodes/${EPISODE_ID}/publish`, 'user-editor'),
    ).resolves.toMatchObject({
      status: 201,
    });
  });

  it('answers a role too low 403 PODCAST_ROLE_FORBIDDEN, or the route’s own code', async () => {
    for (const userId of ['user-editor', 'user-viewer']) {
      await expect(call('POST', `/api/test/podcasts/${PODCAST_ID}/settings`, userId)).resolves.toEqual({
        status: 403,
        body: {
          code: 'PODCAST_ROLE_FORBIDDEN',
          message: "You don't have permission to do this on this podcast.",
        },
      });
    }
    await expect(call('POST', `/api/test/episodes/${EPISODE_ID}/publish`, 'user-viewer')).resolves.toEqual({
      status: 403,
      body: {
        code: 'EPISODE_PUBLISH_FORBIDDEN',
        message: "You don't have permission to publish to this podcast.",
      },
    });
  });

  it('answers a caller without a role 404, exactly as for a podcast or episode that does not exist', async () => {
    for (const podcastId of [PODCAST_ID, randomUUID()]) {
      await expect(call('GET', `/api/test/podcasts/${podcastId}`, 'user-stranger')).resolves.toEqual({
        status: 404,
        body: { code: 'PODCAST_NOT_FOUND', message: 'Podcast not found' },
      });
    }
    await expect(call('POST', `/api/test/episodes/${EPISODE_ID}/publish`, 'user-stranger')).resolves.toEqual({
      status: 404,
      body: { code: 'EPISODE_NOT_FOUND', message: 'Episode not found' },
    });
  });

  it('answers no token 401 and an id that is not one 400, without asking catalog', async () => {
    const before = asked.length;
    await expect(call('GET', `/api/test/podcasts/${PODCAST_ID}`)).resolves.toMatchObject({
      status: 401,
      body: { code: 'UNAUTHENTICATED' },
    });
    await expect(call('GET', '/api/test/podcasts/placeholder', 'user-owner')).resolves.toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: 'Not a valid id' },
    });
    expect(asked.length).toBe(before);
  });
});
