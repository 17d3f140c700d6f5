import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { catalogRequests } from '@castbase/contracts';
import { waitFor } from '@castbase/platform-testing';
import { startCatalogTestApp, type CatalogTestApp } from '../testing/catalog-test-app.js';

describe('catalog service: contributors and their roles (spec 3 §2.6, §5, §6)', () => {
  let app: CatalogTestApp;

  beforeAll(async () => {
    app = await startCatalogTestApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  async function ownersPodcast(ownerEmail = 'owner@example.org') {
    const ownerId = app.newOwner();
    const podcast = await app.createPodcast(ownerId, { name: 'Team Show' }, ownerEmail);
    return { ownerId, podcast };
  }

  const invite = (userId: string, podcastId: string, email: string, role?: 'editor' | 'viewer') =>
    app.bus.request(catalogRequests.inviteContributor, { userId, podcastId, input: { email, role } });
  const listContributors = (userId: string, podcastId: string) =>
    app.bus.request(catalogRequests.listContributors, { userId, podcastId });

  it("lists the owner as the podcast's first contributor, active, from the moment it is created", async () => {
    const { ownerId, podcast } = await ownersPodcast();
    await expect(listContributors(ownerId, podcast.id)).resolves.toEqual({
      items: [
        expect.objectContaining({
          podcastId: podcast.id,
          email: 'owner@example.org',
          userId: ownerId,
          role: 'owner',
          status: 'active',
        }),
      ],
    });
  });

  it('invites by e-mail as editor by default: pending, with no user yet, announced with catalog.contributor.invited', async () => {
    const { ownerId, podcast } = await ownersPodcast();
    const invitation = await invite(ownerId, podcast.id, 'Sam@Example.org');
    expect(invitation).toMatchObject({
      podcastId: podcast.id,
      email: 'sam@example.org',
      role: 'editor',
      status: 'pending',
      userId: null,
      invitedBy: ownerId,
    });
    const { items } = await listContributors(ownerId, podcast.id);
    expect(items.map((row) => [row.role, row.status])).toEqual([
      ['owner', 'active'],
      ['editor', 'pending'],
    ]);
    const event = await waitFor('catalog.contributor.invited', () =>
      app.contributorInvitedEvents.find((envelope) => envelope.payload.contributorId === invitation.id),
    );
    expect(event.payload).toEqual({
      podcastId: podcast.id,
      contributorId: invitation.id,
      email: 'sam@example.org',
      role: 'editor',
    });
  });

  it('makes the invitation active when someone with that e-mail signs in, whatever its case; the podcast is then theirs to see', async () => {
    const { ownerId, podcast } = await ownersPodcast();
    const invitation = await invite(ownerId, podcast.id, 'lee@example.org', 'viewer');
    const leeId = app.newOwner();
    await expect(app.signIn(leeId, null)).resolves.toEqual({ items: [] });
    const { items } = await app.bus.request(catalogRequests.listPodcasts, {
      userId: leeId,
      email: 'LEE@example.ORG',
      name: 'Lee Roe',
    });
    expect(items).toEqual([expect.objectContaining({ id: podcast.id, role: 'viewer' })]);
    const { items: contributors } = await listContributors(leeId, podcast.id);
    expect(contributors.find((row) => row.id === invitation.id)).toMatchObject({
      userId: leeId,
      name: 'Lee Roe',
      status: 'active',
      role: 'viewer',
    });
  });

  it('accepts the invitation on the first podcast-scoped request too (catalog.access.resolve), not only the list', async () => {
    const { ownerId, podcast } = await ownersPodcast();
    await invite(ownerId, podcast.id, 'kim@example.org', 'editor');
    const kimId = app.newOwner();
    await expect(
      app.bus.request(catalogRequests.resolveAccess, { userId: kimId, email: null, podcastId: podcast.id }),
    ).rejects.toMatchObject({ code: 'PODCAST_NOT_FOUND' });
    await expect(
      app.bus.request(catalogRequests.resolveAccess, {
        userId: kimId,
        email: 'kim@example.org',
        podcastId: podcast.id,
      }),
    ).resolves.toEqual({ podcastId: podcast.id, role: 'editor' });
  });

  it("lists the owner's podcasts and the shared ones together, oldest first, each with the caller's role", async () => {
    const { ownerId, podcast: shared } = await ownersPodcast();
    const { userId } = await app.addContributor(ownerId, shared.id, 'editor');
    const own = await app.createPodcast(userId, { name: 'My Own Show' });
    const { items } = await app.signIn(userId, null);
    expect(items.map((podcast) => [podcast.id, podcast.role])).toEqual([
      [shared.id, 'editor'],
      [own.id, 'owner'],
    ]);
  });

  it("refuses an e-mail that already has a row on the podcast with CONTRIBUTOR_EXISTS, the owner's included", async () => {
    const { ownerId, podcast } = await ownersPodcast('owner@example.org');
    await invite(ownerId, podcast.id, 'ana@example.org');
    for (const email of ['ana@example.org', 'ANA@example.org', 'Owner@Example.org']) {
      await expect(invite(ownerId, podcast.id, email, 'viewer')).rejects.toMatchObject({
        code: 'CONTRIBUTOR_EXISTS',
        message: 'This person is already a contributor to this podcast',
      });
    }
    expect((await listContributors(ownerId, podcast.id)).items).toHaveLength(2);
  });

  it("refuses an invitation without a valid e-mail or with the owner role, with the spec's messages", async () => {
    const { ownerId, podcast } = await ownersPodcast();
    await expect(invite(ownerId, podcast.id, ' ')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [expect.objectContaining({ path: ['input', 'email'], message: 'Email is required' })],
    });
    await expect(
      app.bus.request(catalogRequests.inviteContributor, {
        userId: ownerId,
        podcastId: podcast.id,
        input: { email: 'boss@example.org', role: 'owner' as never },
      }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [expect.objectContaining({ path: ['input', 'role'], message: 'Please choose a role' })],
    });
  });

  it("changes a contributor's role, which changes what they may do at once", async () => {
    const { ownerId, podcast } = await ownersPodcast();
    const editor = await app.addContributor(ownerId, podcast.id, 'editor');
    const updated = await app.bus.request(catalogRequests.updateContributor, {
      userId: ownerId,
      podcastId: podcast.id,
      contributorId: editor.contributorId,
      input: { role: 'viewer' },
    });
    expect(updated).toMatchObject({ id: editor.contributorId, role: 'viewer', status: 'active' });
    await expect(
      app.bus.request(catalogRequests.resolveAccess, {
        userId: editor.userId,
        email: null,
        podcastId: podcast.id,
      }),
    ).resolves.toEqual({ podcastId: podcast.id, role: 'viewer' });
  });

  it('removes a contributor, who then gets PODCAST_NOT_FOUND for the podcast; an invitation can be withdrawn likewise', async () => {
    const { ownerId, podcast } = await ownersPodcast();
    const editor = await app.addContributor(ownerId, podcast.id, 'editor');
    const pending = await invite(ownerId, podcast.id, 'later@example.org');
    for (const contributorId of [editor.contributorId, pending.id]) {
      await expect(
        app.bus.request(catalogRequests.removeContributor, {
          userId: ownerId,
          podcastId: podcast.id,
          contributorId,
        }),
      ).resolves.toEqual({ contributorId });
    }
    await expect(
      app.bus.request(catalogRequests.getPodcast, { userId: editor.userId, podcastId: podcast.id }),
    ).rejects.toMatchObject({ code: 'PODCAST_NOT_FOUND' });
    await expect(app.signIn(app.newOwner(), 'later@example.org')).resolves.toEqual({ items: [] });
    expect((await listContributors(ownerId, podcast.id)).items.map((row) => row.role)).toEqual(['owner']);
  });

  describe("the owner's protections", () => {
    it('refuses to remove the owner with OWNER_CANNOT_BE_REMOVED, and to change their role with OWNER_ROLE_FIXED', async () => {
      const { ownerId, podcast } = await ownersPodcast();
      const [owner] = (await listContributors(ownerId, podcast.id)).items;
      await expect(
        app.bus.request(catalogRequests.removeContributor, {
          userId: ownerId,
          podcastId: podcast.id,
          contributorId: owner!.id,
        }),
      ).rejects.toMatchObject({
        code: 'OWNER_CANNOT_BE_REMOVED',
        message: "The podcast's owner cannot be removed",
      });
      await expect(
        app.bus.request(catalogRequests.updateContributor, {
          userId: ownerId,
          podcastId: podcast.id,
          contributorId: owner!.id,
          input: { role: 'viewer' },
        }),
      ).rejects.toMatchObject({ code: 'OWNER_ROLE_FIXED', message: "The owner's role cannot be changed" });
    });

    it('lets only the owner invite, change and remove: an editor and a viewer get PODCAST_ROLE_FORBIDDEN, though they may see the list', async () => {
      const { ownerId, podcast } = await ownersPodcast();
      const viewer = await app.addContributor(ownerId, podcast.id, 'viewer');
      const editor = await app.addContributor(ownerId, podcast.id, 'editor');
      for (const { userId } of [viewer, editor]) {
        await expect(listContributors(userId, podcast.id)).resolves.toMatchObject({
          items: expect.arrayContaining([expect.objectContaining({ role: 'owner' })]),
        });
        await expect(invite(userId, podcast.id, 'friend@example.org')).rejects.toMatchObject({
          code: 'PODCAST_ROLE_FORBIDDEN',
        });
        await expect(
          app.bus.request(catalogRequests.updateContributor, {
            userId,
            podcastId: podcast.id,
            contributorId: viewer.contributorId,
            input: { role: 'editor' },
          }),
        ).rejects.toMatchObject({ code: 'PODCAST_ROLE_FORBIDDEN' });
        await expect(
          app.bus.request(catalogRequests.removeContributor, {
            userId,
            podcastId: podcast.id,
            contributorId: viewer.contributorId,
          }),
        ).rejects.toMatchObject({ code: 'PODCAST_ROLE_FORBIDDEN' });
      }
    });

    it("answers a stranger PODCAST_NOT_FOUND for every contributor request, and another podcast's contributor CONTRIBUTOR_NOT_FOUND", async () => {
      const { ownerId, podcast } = await ownersPodcast();
      const editor = await app.addContributor(ownerId, podcast.id, 'editor');
      const stranger = app.newOwner();
      await expect(listContributors(stranger, podcast.id)).rejects.toMatchObject({
        code: 'PODCAST_NOT_FOUND',
      });
      await expect(invite(stranger, podcast.id, 'x@example.org')).rejects.toMatchObject({
        code: 'PODCAST_NOT_FOUND',
      });
      const strangersPodcast = await app.createPodcast(stranger, { name: 'Elsewhere' });
      await expect(
        app.bus.request(catalogRequests.removeContributor, {
          userId: stranger,
          podcastId: strangersPodcast.id,
          contributorId: editor.contributorId,
        }),
      ).rejects.toMatchObject({ code: 'CONTRIBUTOR_NOT_FOUND', message: 'Contributor not found' });
    });
  });

  it("erases a deleted user's roles on other people's podcasts with their account", async () => {
    const { ownerId, podcast } = await ownersPodcast();
    const editor = await app.addContributor(ownerId, podcast.id, 'editor');
    const deletionId = await app.requestDeletion(editor.userId);
    const report = await waitFor('the catalog erasure report', () =>
      app.erasureReports.find((envelope) => envelope.payload.deletionId === deletionId),
    );
    expect(report.payload.removed).toMatchObject({ podcasts: 0, contributorRoles: 1 });
    expect(await app.rows('select id from catalog.contributors where user_id = ?', [editor.userId])).toEqual(
      [],
    );
    expect((await listContributors(ownerId, podcast.id)).items.map((row) => row.role)).toEqual(['owner']);
  });
});
