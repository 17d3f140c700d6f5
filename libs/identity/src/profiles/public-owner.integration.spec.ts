import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { identityRequests, publicProfileRequests } from '@castbase/contracts';
import { startAccountsTestApp, type AccountsTestApp } from '../testing/accounts-test-app.js';

describe("identity service: a podcast owner's public card, asked over the bus as the public pages ask", () => {
  let app: AccountsTestApp;

  beforeAll(async () => {
    app = await startAccountsTestApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  const getPublicOwner = (userId: string) =>
    app.bus.request(publicProfileRequests.getPublicOwner, { userId });
  const savePrivacy = (userId: string, privacy: { profilePublic?: boolean; analyticsSharing?: boolean }) =>
    app.bus.request(identityRequests.updateSettings, { userId, input: { privacy } });

  /** A creator with a display name, a bio and a picture, as their profile settings would save them. */
  async function creator() {
    const userId = app.newUser();
    const username = app.newUsername('host');
    await app.createProfile(userId, { username, email: 'host@example.com' });
    await app.bus.request(identityRequests.updateProfile, {
      userId,
      input: { displayName: 'Hana Host', bio: 'Talks about sound.' },
    });
    const image = app.storedImage(userId);
    await app.bus.request(identityRequests.setAvatar, { userId, input: { mediaId: image.id } });
    return { userId, username, avatarUrl: image.url };
  }

  it('answers the name, picture and bio of a creator whose profile is public (the default), and no more', async () => {
    const { userId, avatarUrl } = await creator();

    const owner = await getPublicOwner(userId);

    expect(owner).toEqual({
      creator: { displayName: 'Hana Host', avatarUrl, bio: 'Talks about sound.' },
      analyticsSharing: false,
    });
  });

  it("never answers for a username: someone else holding the podcast's owner username is not its owner", async () => {
    // The podcast's owner has no profile (their sign-in's username, kept as the podcast's ownerUsername, is now
    // another creator's), and that other creator's profile is public and shares their figures.
    const podcastOwner = app.newUser();
    const someoneElse = await creator();
    await savePrivacy(someoneElse.userId, { profilePublic: true, analyticsSharing: true });

    expect(await getPublicOwner(podcastOwner)).toEqual({ creator: null, analyticsSharing: false });
    expect(
      await app.bus.request(publicProfileRequests.getPublicOwner, {
        userId: podcastOwner,
        username: someoneElse.username,
      } as { userId: string }),
    ).toEqual({ creator: null, analyticsSharing: false });
    expect(await getPublicOwner(someoneElse.username)).toEqual({ creator: null, analyticsSharing: false });
    expect(await getPublicOwner(someoneElse.userId)).toEqual({
      creator: expect.objectContaining({ displayName: 'Hana Host' }),
      analyticsSharing: true,
    });
  });

  it('answers no card once the creator turns their public profile off, and the card again once they turn it on', async () => {
    const { userId } = await creator();

    await savePrivacy(userId, { profilePublic: false });
    expect(await getPublicOwner(userId)).toEqual({ creator: null, analyticsSharing: false });

    await savePrivacy(userId, { profilePublic: true });
    expect((await getPublicOwner(userId)).creator).toMatchObject({ displayName: 'Hana Host' });
  });

  it("carries the creator's analytics sharing choice, also when their profile is not public", async () => {
    const { userId } = await creator();

    await savePrivacy(userId, { profilePublic: false, analyticsSharing: true });

    expect(await getPublicOwner(userId)).toEqual({ creator: null, analyticsSharing: true });
  });

  it('answers nothing about a user without a profile, without an error', async () => {
    expect(await getPublicOwner(app.newUser())).toEqual({
      creator: null,
      analyticsSharing: false,
    });
  });

  it('answers nothing about a creator whose account is being deleted', async () => {
    const { userId } = await creator();
    await savePrivacy(userId, { analyticsSharing: true });

    await app.bus.request(identityRequests.requestDeletion, { userId });

    expect(await getPublicOwner(userId)).toEqual({ creator: null, analyticsSharing: false });
  });
});
