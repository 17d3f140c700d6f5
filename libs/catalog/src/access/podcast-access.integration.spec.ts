import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EntityManager } from '@mikro-orm/postgresql';
import { catalogRequests, type PodcastPermission } from '@castbase/contracts';
import { CatalogModule } from '../catalog.module.js';
import { startCatalogTestApp, type CatalogTestApp } from '../testing/catalog-test-app.js';
import { requireEpisodeRole, requirePodcastRole } from './podcast-access.js';

describe("catalog service: the caller's role on a podcast decides what they may do (spec 3 §6)", () => {
  let app: CatalogTestApp;
  let em: () => EntityManager;

  beforeAll(async () => {
    app = await startCatalogTestApp();
    em = () => app.catalog.select(CatalogModule).get(EntityManager).fork();
  });

  afterAll(async () => {
    await app?.stop();
  });

  /** A podcast with an episode, its owner, an editor, a viewer, a pending invitee and a stranger. */
  async function team() {
    const ownerId = app.newOwner();
    const podcast = await app.createPodcast(ownerId, { name: 'Roles Show' });
    const episode = await app.createEpisode(ownerId, podcast.id, { title: 'Pilot' });
    const editor = await app.addContributor(ownerId, podcast.id, 'editor');
    const viewer = await app.addContributor(ownerId, podcast.id, 'viewer');
    const inviteeId = app.newOwner();
    await app.bus.request(catalogRequests.inviteContributor, {
      userId: ownerId,
      podcastId: podcast.id,
      input: { email: 'invitee@example.org', role: 'editor' },
    });
    return { podcast, episode, ownerId, editorId: editor.userId, viewerId: viewer.userId, inviteeId };
  }

  const permissions: PodcastPermission[] = ['view', 'editEpisodes', 'manage', 'manageContributors'];

  it('allows each role exactly its permissions: owner all, editor view and edit episodes, viewer view', async () => {
    const { podcast, episode, ownerId, editorId, viewerId } = await team();
    const allowed = async (userId: string) => {
      const outcomes: string[] = [];
      for (const permission of permissions) {
        const byPodcast = await requirePodcastRole(em(), userId, podcast.id, permission).then(
          ({ role }) => role,
          (error: { code: string }) => error.code,
        );
        const byEpisode = await requireEpisodeRole(em(), userId, episode.id, permission).then(
          ({ role }) => role,
          (error: { code: string }) => error.code,
        );
        expect(byEpisode).toBe(byPodcast);
        outcomes.push(`${permission}: ${byPodcast}`);
      }
      return outcomes;
    };
    expect(await allowed(ownerId)).toEqual([
      'view: owner',
      'editEpisodes: owner',
      'manage: owner',
      'manageContributors: owner',
    ]);
    expect(await allowed(editorId)).toEqual([
      'view: editor',
      'editEpisodes: editor',
      'manage: PODCAST_ROLE_FORBIDDEN',
      'manageContributors: PODCAST_ROLE_FORBIDDEN',
    ]);
    expect(await allowed(viewerId)).toEqual([
      'view: viewer',
      'editEpisodes: PODCAST_ROLE_FORBIDDEN',
      'manage: PODCAST_ROLE_FORBIDDEN',
      'manageContributors: PODCAST_ROLE_FORBIDDEN',
    ]);
  });

  it('answers a stranger and a pending invitee not found, exactly as for a podcast or episode that does not exist', async () => {
    const { podcast, episode, inviteeId } = await team();
    for (const userId of [app.newOwner(), inviteeId]) {
      for (const permission of permissions) {
        await expect(requirePodcastRole(em(), userId, podcast.id, permission)).rejects.toMatchObject({
          code: 'PODCAST_NOT_FOUND',
          message: 'Podcast not found',
        });
        await expect(requireEpisodeRole(em(), userId, episode.id, permission)).rejects.toMatchObject({
          code: 'EPISODE_NOT_FOUND',
          message: 'Episode not found',
        });
      }
      await expect(
        app.bus.request(catalogRequests.getPodcast, { userId, podcastId: podcast.id }),
      ).rejects.toMatchObject({ code: 'PODCAST_NOT_FOUND' });
    }
    await expect(requirePodcastRole(em(), app.newOwner(), randomUUID(), 'view')).rejects.toMatchObject({
      code: 'PODCAST_NOT_FOUND',
    });
  });

  it("refuses with the action's own code when it has one (publishing: EPISODE_PUBLISH_FORBIDDEN)", async () => {
    const { episode, viewerId } = await team();
    await expect(
      requireEpisodeRole(em(), viewerId, episode.id, 'editEpisodes', {
        forbidden: 'EPISODE_PUBLISH_FORBIDDEN',
      }),
    ).rejects.toMatchObject({
      code: 'EPISODE_PUBLISH_FORBIDDEN',
      message: "You don't have permission to publish to this podcast.",
    });
  });

  describe('catalog.access.resolve, the question the gateway asks before every podcast-scoped route', () => {
    it('answers the podcast and the role, from the podcast or from one of its episodes', async () => {
      const { podcast, episode, ownerId, editorId, viewerId } = await team();
      for (const [userId, role] of [
        [ownerId, 'owner'],
        [editorId, 'editor'],
        [viewerId, 'viewer'],
      ] as const) {
        await expect(
          app.bus.request(catalogRequests.resolveAccess, { userId, email: null, podcastId: podcast.id }),
        ).resolves.toEqual({ podcastId: podcast.id, role });
        await expect(
          app.bus.request(catalogRequests.resolveAccess, { userId, email: null, episodeId: episode.id }),
        ).resolves.toEqual({ podcastId: podcast.id, role });
      }
    });

    it('answers a stranger PODCAST_NOT_FOUND / EPISODE_NOT_FOUND, and the same for ids that do not exist', async () => {
      const { podcast, episode } = await team();
      const stranger = app.newOwner();
      await expect(
        app.bus.request(catalogRequests.resolveAccess, { userId: stranger, podcastId: podcast.id }),
      ).rejects.toMatchObject({ code: 'PODCAST_NOT_FOUND' });
      await expect(
        app.bus.request(catalogRequests.resolveAccess, { userId: stranger, episodeId: episode.id }),
      ).rejects.toMatchObject({ code: 'EPISODE_NOT_FOUND' });
      await expect(
        app.bus.request(catalogRequests.resolveAccess, { userId: stranger, episodeId: randomUUID() }),
      ).rejects.toMatchObject({ code: 'EPISODE_NOT_FOUND' });
    });
  });

  it("writes the owner's row in the transaction that creates the podcast", async () => {
    const { podcast, ownerId } = await team();
    expect(
      await app.rows(
        "select user_id, role, status from catalog.contributors where podcast_id = ? and role = 'owner'",
        [podcast.id],
      ),
    ).toEqual([{ user_id: ownerId, role: 'owner', status: 'active' }]);
  });
});
