import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  errorCatalogue,
  podcastPermissions,
  roleAllows,
  type Contributor,
  type Episode,
  type ErrorCode,
  type MediaFile,
  type Podcast,
  type PodcastSettingsInput,
} from '@castbase/contracts';
import { resolveFfmpegBinaries } from '@castbase/platform-ffmpeg';
import { createTestDatabase, freePort, type TestDatabase } from '@castbase/platform-testing';
import type { RunningProcess } from '@castbase/platform-runtime';
import { runAllInOne } from '../../apps/all-in-one/src/all-in-one.js';
import { ApiClient, createTestUser, type TestUser } from './support/api-client.js';
import { uploadFile } from './support/publish-flow.js';
import { podcastScopedRoutes, type PodcastScopedRoute } from './support/podcast-scoped-routes.js';
import { testProcessEnv } from './support/test-process-env.js';

const run = promisify(execFile);

/** Who calls: the podcast's owner, an editor and a viewer (invited, then seen signed in), a stranger, and no one. */
const CALLERS = ['owner', 'editor', 'viewer', 'stranger', 'no token'] as const;
type Caller = (typeof CALLERS)[number];

/** A 1400×1400 PNG (the smallest podcast art Apple takes) or a one-second WAV, made by ffmpeg. */
async function renderWithFfmpeg(fileName: string, inputArguments: string[]): Promise<Buffer> {
  const path = join(await mkdtemp(join(tmpdir(), 'castbase-roles-')), fileName);
  const { ffmpegPath } = resolveFfmpegBinaries();
  await run(ffmpegPath, ['-loglevel', 'error', ...inputArguments, path]);
  return readFile(path);
}

describe('the role matrix: every podcast-scoped route, as owner, editor, viewer, a stranger and no one', () => {
  let database: TestDatabase;
  let running: RunningProcess;
  const users = {} as Record<Exclude<Caller, 'no token'>, TestUser>;
  let clients: Record<Caller, ApiClient>;
  let podcast: Podcast;
  let artwork: MediaFile;
  let audio: MediaFile;

  const owner = () => clients.owner;
  let inviteCount = 0;

  /** A podcast of the owner's with the editor and the viewer invited (they accept on their next request). */
  async function teamPodcast(name: string): Promise<Podcast> {
    const created = await owner().ok<Podcast>('POST', '/api/podcasts', {
      name,
      description: 'A podcast whose routes the role matrix calls.',
      author: 'Owner Host',
      artworkMediaId: artwork.id,
    });
    for (const role of ['editor', 'viewer'] as const) {
      await owner().ok('POST', `/api/podcasts/${created.id}/contributors`, {
        email: `${users[role].username}@example.com`,
        role,
      });
    }
    return created;
  }

  /** A new pending invitation on the shared podcast, for the routes that change or remove one. */
  async function freshInvitation(): Promise<Contributor> {
    inviteCount += 1;
    return owner().ok<Contributor>('POST', `/api/podcasts/${podcast.id}/contributors`, {
      email: `invitee-${inviteCount}@example.org`,
      role: 'viewer',
    });
  }

  /** A new episode of the shared podcast, made by the owner: a draft, or published or scheduled. */
  async function freshEpisode(state: 'draft' | 'with media' | 'published' | 'scheduled' = 'draft') {
    const episode = await owner().ok<Episode>('POST', `/api/podcasts/${podcast.id}/episodes`, {
      title: `Episode ${state}`,
      ...(state === 'draft' ? {} : { mediaId: audio.id }),
    });
    if (state === 'published') return owner().ok<Episode>('POST', `/api/episodes/${episode.id}/publish`);
    if (state === 'scheduled') {
      return owner().ok<Episode>('POST', `/api/episodes/${episode.id}/schedule`, {
        scheduledReleaseDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      });
    }
    return episode;
  }

  const settingsForm = (): PodcastSettingsInput => ({
    name: podcast.name,
    slug: podcast.slug,
    description: podcast.description,
    category: podcast.category,
    language: podcast.language,
    author: podcast.author,
    explicit: podcast.explicit,
    artworkMediaId: artwork.id,
    visibility: 'private',
  });

  const routes = podcastScopedRoutes({
    podcastId: () => podcast.id,
    owner,
    settingsForm,
    teamPodcast,
    freshInvitation,
    freshEpisode,
    nextEmail: (prefix) => {
      inviteCount += 1;
      return `${prefix}-${inviteCount}@example.org`;
    },
  });

  /** The status (and body) each caller is due: the role's permission decides; strangers learn nothing. */
  function dueOutcome(route: PodcastScopedRoute, caller: Caller): { status: number; code?: ErrorCode } {
    if (caller === 'no token') return { status: 401, code: 'UNAUTHENTICATED' };
    if (caller === 'stranger') {
      return { status: 404, code: route.scope === 'podcast' ? 'PODCAST_NOT_FOUND' : 'EPISODE_NOT_FOUND' };
    }
    if (roleAllows(caller, podcastPermissions[route.permission])) return { status: route.success };
    return { status: 403, code: route.forbidden ?? 'PODCAST_ROLE_FORBIDDEN' };
  }

  async function call(route: PodcastScopedRoute, caller: Caller) {
    const prepared = await route.prepare();
    const client = clients[caller];
    const response = await fetch(`${running.url}${prepared.path}`, {
      method: route.method,
      headers: {
        ...prepared.headers,
        ...(prepared.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(client.user ? { authorization: `Bearer ${client.user.token}` } : {}),
      },
      body: prepared.body === undefined ? undefined : JSON.stringify(prepared.body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  }

  beforeAll(async () => {
    database = await createTestDatabase('roles');
    running = await runAllInOne(
      await testProcessEnv(database, await freePort(), 'in-process', {
        RATE_LIMIT_PER_MINUTE: '100000',
        PLAN_EPISODES: '1000',
      }),
    );
    for (const caller of ['owner', 'editor', 'viewer', 'stranger'] as const) {
      users[caller] = await createTestUser(`${caller}${Math.random().toString(36).slice(2, 6)}`);
    }
    clients = {
      owner: new ApiClient(running.url).as(users.owner),
      editor: new ApiClient(running.url).as(users.editor),
      viewer: new ApiClient(running.url).as(users.viewer),
      stranger: new ApiClient(running.url).as(users.stranger),
      'no token': new ApiClient(running.url),
    };
    const png = await renderWithFfmpeg('cover.png', [
      '-f',
      'lavfi',
      '-i',
      'color=c=navy:s=1400x1400',
      '-frames:v',
      '1',
    ]);
    artwork = await uploadFile(owner(), {
      input: png,
      fileName: 'cover.png',
      fileType: 'image/png',
      purpose: 'podcast-art',
    });
    podcast = await teamPodcast('Matrix Show');
    const wav = await renderWithFfmpeg('tone.wav', ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1']);
    audio = await uploadFile(owner(), {
      input: wav,
      fileName: 'tone.wav',
      fileType: 'audio/wav',
      purpose: 'episode-media',
      podcastId: podcast.id,
    });
  });

  afterAll(async () => {
    await running?.stop();
    await database?.drop();
  });

  it('shows the invited editor and viewer the podcast with their role once they are seen signed in; a stranger sees nothing', async () => {
    const roleIn = async (caller: Caller) => {
      const { items } = await clients[caller].ok<{ items: Array<{ id: string; role: string }> }>(
        'GET',
        '/api/podcasts',
      );
      return items.find((item) => item.id === podcast.id)?.role ?? null;
    };
    expect({
      owner: await roleIn('owner'),
      editor: await roleIn('editor'),
      viewer: await roleIn('viewer'),
      stranger: await roleIn('stranger'),
    }).toEqual({ owner: 'owner', editor: 'editor', viewer: 'viewer', stranger: null });
    expect((await clients['no token'].call('GET', '/api/podcasts')).status).toBe(401);
  });

  it.each(routes.map((route) => [`${route.method} ${route.route}`, route] as const))(
    '%s answers each caller exactly its due',
    async (_name, route) => {
      const statuses: Partial<Record<Caller, number>> = {};
      const due: Partial<Record<Caller, number>> = {};
      for (const caller of CALLERS) {
        const outcome = await call(route, caller);
        const expected = dueOutcome(route, caller);
        statuses[caller] = outcome.status;
        due[caller] = expected.status;
        // A refusal carries its code and message only: a stranger learns nothing about the podcast.
        if (expected.code && outcome.status === expected.status) {
          expect({ caller, body: outcome.body }).toEqual({
            caller,
            body: { code: expected.code, message: errorCatalogue[expected.code].message },
          });
        }
      }
      expect(statuses).toEqual(due);
    },
  );
});
