import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  identityRequests,
  profileMessages,
  validationMessages,
  type UpdateProfileInput,
} from '@castbase/contracts';
import { waitFor } from '@castbase/platform-testing';
import { startAccountsTestApp, type AccountsTestApp } from '../testing/accounts-test-app.js';

describe('identity service: profiles, asked over the bus as the gateway asks', () => {
  let app: AccountsTestApp;

  beforeAll(async () => {
    app = await startAccountsTestApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  const getProfile = (userId: string) => app.bus.request(identityRequests.getProfile, { userId });
  const updateProfile = (userId: string, input: UpdateProfileInput) =>
    app.bus.request(identityRequests.updateProfile, { userId, input });
  const checkUsername = (userId: string, username: string) =>
    app.bus.request(identityRequests.checkUsername, { userId, username });

  describe('creating a profile (onboarding phase 1)', () => {
    it('answers null for a user who has no profile yet', async () => {
      expect(await getProfile(app.newUser())).toEqual({ profile: null });
    });

    it("creates the profile with 'First Last' as display name, the browser's time zone and onboarding not complete", async () => {
      const userId = app.newUser();
      const username = app.newUsername('Ada');

      const created = await app.createProfile(userId, {
        firstName: ' Ada ',
        lastName: 'Lovelace',
        username,
        timezone: 'Europe/London',
        email: 'Ada@Example.com',
      });

      expect(created).toMatchObject({
        id: userId,
        username,
        displayName: 'Ada Lovelace',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        bio: '',
        avatarUrl: null,
        avatarMediaId: null,
        timezone: 'Europe/London',
        emailOptIn: false,
        onboardingComplete: false,
        rssFeedUrl: null,
        rssFeedUrls: [],
        rssGeneratedAt: null,
      });
      expect((await getProfile(userId)).profile).toEqual(created);
    });

    it('falls back to UTC for a time zone the runtime does not know', async () => {
      const created = await app.createProfile(app.newUser(), { timezone: 'Mars/Olympus_Mons' });
      expect(created.timezone).toBe('UTC');
    });

    it('takes the e-mail from the token when the form has none', async () => {
      const created = await app.createProfile(app.newUser(), { email: undefined }, 'Token@Example.com');
      expect(created.email).toBe('token@example.com');
    });

    it(`refuses a profile without any e-mail with VALIDATION_FAILED "${validationMessages.emailRequired}"`, async () => {
      const userId = app.newUser();

      await expect(app.createProfile(userId, { email: undefined }, null)).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Email is required',
      });
      await expect(app.createProfile(userId, { email: undefined }, 'not-an-email')).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Email is required',
      });
      expect(await getProfile(userId)).toEqual({ profile: null });
    });

    it('refuses a second profile for the same user with PROFILE_EXISTS', async () => {
      const userId = app.newUser();
      await app.createProfile(userId);

      await expect(app.createProfile(userId)).rejects.toMatchObject({
        code: 'PROFILE_EXISTS',
        message: 'Data already exists. This might be expected - trying to continue.',
      });
    });

    it(`refuses a username another creator has, in any case, with USERNAME_TAKEN "${profileMessages.usernameTaken}"`, async () => {
      const username = app.newUsername('Taken');
      await app.createProfile(app.newUser(), { username });
      const latecomer = app.newUser();

      await expect(app.createProfile(latecomer, { username: username.toLowerCase() })).rejects.toMatchObject({
        code: 'USERNAME_TAKEN',
        message: 'That username is already taken',
      });
      expect(await getProfile(latecomer)).toEqual({ profile: null });
    });

    it('gives a username asked for by several creators at the same moment to exactly one of them', async () => {
      const username = app.newUsername('race');
      const users = [app.newUser(), app.newUser(), app.newUser(), app.newUser()];

      const outcomes = await Promise.allSettled(
        users.map((userId, index) =>
          app.createProfile(userId, { username: index % 2 === 0 ? username : username.toUpperCase() }),
        ),
      );

      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      for (const outcome of outcomes.filter((candidate) => candidate.status === 'rejected'))
        expect(outcome).toEqual({
          status: 'rejected',
          reason: expect.objectContaining({ code: 'USERNAME_TAKEN' }),
        });
    });

    it('refuses the second of two creations of one profile at the same moment with PROFILE_EXISTS', async () => {
      const userId = app.newUser();

      const outcomes = await Promise.allSettled([app.createProfile(userId), app.createProfile(userId)]);

      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      expect(outcomes.find((outcome) => outcome.status === 'rejected')).toEqual({
        status: 'rejected',
        reason: expect.objectContaining({ code: 'PROFILE_EXISTS' }),
      });
    });

    it(`refuses an onboarding username outside the rule with "${profileMessages.usernameRule}"`, async () => {
      await expect(app.createProfile(app.newUser(), { username: 'no spaces!' })).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [
          expect.objectContaining({ path: ['input', 'username'], message: profileMessages.usernameRule }),
        ],
      });
    });
  });

  describe('saving profile settings', () => {
    it('changes only the fields sent', async () => {
      const userId = app.newUser();
      const created = await app.createProfile(userId);

      const saved = await updateProfile(userId, { bio: 'I make a show about engines.' });

      expect(saved).toMatchObject({
        ...created,
        bio: 'I make a show about engines.',
        updatedAt: expect.any(String),
      });
      expect((await getProfile(userId)).profile?.bio).toBe('I make a show about engines.');
    });

    it('saves username, e-mail, display name, names, time zone and e-mail opt-in', async () => {
      const userId = app.newUser();
      await app.createProfile(userId);
      const username = app.newUsername('renamed');

      const saved = await updateProfile(userId, {
        username: `${username}.fm`,
        email: 'New@Example.org',
        displayName: 'Countess of Lovelace',
        firstName: 'Augusta',
        lastName: 'King',
        timezone: 'America/New_York',
        emailOptIn: true,
      });

      expect(saved).toMatchObject({
        username: `${username}.fm`,
        email: 'new@example.org',
        displayName: 'Countess of Lovelace',
        firstName: 'Augusta',
        lastName: 'King',
        timezone: 'America/New_York',
        emailOptIn: true,
      });
    });

    it('marks onboarding complete', async () => {
      const userId = app.newUser();
      await app.createProfile(userId);

      expect((await updateProfile(userId, { onboardingComplete: true })).onboardingComplete).toBe(true);
    });

    it(`accepts a bio of 499 characters and refuses 500 with "${profileMessages.bioTooLong}"`, async () => {
      const userId = app.newUser();
      await app.createProfile(userId);

      expect((await updateProfile(userId, { bio: 'b'.repeat(499) })).bio).toHaveLength(499);
      await expect(updateProfile(userId, { bio: 'b'.repeat(500) })).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [expect.objectContaining({ message: 'Bio must be less than 500 characters' })],
      });
    });

    it('refuses a username another creator has, in any case, with USERNAME_TAKEN, and keeps the old one', async () => {
      const taken = app.newUsername('Owner');
      await app.createProfile(app.newUser(), { username: taken });
      const userId = app.newUser();
      const created = await app.createProfile(userId);

      await expect(updateProfile(userId, { username: taken.toUpperCase() })).rejects.toMatchObject({
        code: 'USERNAME_TAKEN',
      });
      expect((await getProfile(userId)).profile?.username).toBe(created.username);
    });

    it('lets a creator change the case of their own username', async () => {
      const userId = app.newUser();
      const created = await app.createProfile(userId);

      expect((await updateProfile(userId, { username: created.username.toUpperCase() })).username).toBe(
        created.username.toUpperCase(),
      );
    });

    it('answers PROFILE_NOT_FOUND "User profile not found" for a user without a profile', async () => {
      await expect(updateProfile(app.newUser(), { bio: 'hello' })).rejects.toMatchObject({
        code: 'PROFILE_NOT_FOUND',
        message: 'User profile not found',
      });
    });
  });

  describe('username availability', () => {
    it('reports a name outside the onboarding rule as invalid_username_format', async () => {
      expect(await checkUsername(app.newUser(), 'ab')).toEqual({
        username: 'ab',
        available: false,
        reason: 'invalid_username_format',
      });
      expect((await checkUsername(app.newUser(), 'has.dot')).reason).toBe('invalid_username_format');
    });

    it("reports another creator's name, in any case, as username_taken", async () => {
      const username = app.newUsername('Someone');
      await app.createProfile(app.newUser(), { username });

      expect(await checkUsername(app.newUser(), ` ${username.toLowerCase()} `)).toEqual({
        username: username.toLowerCase(),
        available: false,
        reason: 'username_taken',
      });
    });

    it("reports the caller's own current name, and a free one, as available", async () => {
      const userId = app.newUser();
      const { username } = await app.createProfile(userId);

      expect(await checkUsername(userId, username.toUpperCase())).toEqual({
        username: username.toUpperCase(),
        available: true,
        reason: null,
      });
      expect((await checkUsername(userId, app.newUsername('free'))).available).toBe(true);
    });
  });

  describe('the profile picture', () => {
    it("makes one of the caller's images the avatar, with its URL and media id", async () => {
      const userId = app.newUser();
      await app.createProfile(userId);
      const image = app.storedImage(userId);

      const saved = await app.bus.request(identityRequests.setAvatar, {
        userId,
        input: { mediaId: image.id },
      });

      expect(saved).toMatchObject({ avatarUrl: image.url, avatarMediaId: image.id });
      // The key is kept, the URL made when the profile is read: a new PUBLIC_URL leaves nothing stale.
      expect(await app.rows('select avatar_key from identity.user_profiles where id = ?', [userId])).toEqual([
        { avatar_key: image.storageKey },
      ]);
    });

    it('deletes the picture it replaces through media', async () => {
      const userId = app.newUser();
      await app.createProfile(userId);
      const first = app.storedImage(userId);
      const second = app.storedImage(userId);
      await app.bus.request(identityRequests.setAvatar, { userId, input: { mediaId: first.id } });

      await app.bus.request(identityRequests.setAvatar, { userId, input: { mediaId: second.id } });

      expect(app.deletedMediaIds).toContain(first.id);
      expect(app.mediaFiles.has(second.id)).toBe(true);
    });

    it(`refuses an audio file with IMAGE_TYPE_NOT_ALLOWED "Please upload a valid image file (JPEG, PNG, WebP, or GIF)"`, async () => {
      const userId = app.newUser();
      await app.createProfile(userId);

      await expect(
        app.bus.request(identityRequests.setAvatar, {
          userId,
          input: { mediaId: app.storedAudio(userId).id },
        }),
      ).rejects.toMatchObject({
        code: 'IMAGE_TYPE_NOT_ALLOWED',
        message: 'Please upload a valid image file (JPEG, PNG, WebP, or GIF)',
      });
    });

    it("refuses another creator's image with MEDIA_NOT_FOUND and leaves both profiles alone", async () => {
      const owner = app.newUser();
      const other = app.newUser();
      await app.createProfile(owner);
      await app.createProfile(other);
      const ownersImage = app.storedImage(owner);

      await expect(
        app.bus.request(identityRequests.setAvatar, { userId: other, input: { mediaId: ownersImage.id } }),
      ).rejects.toMatchObject({ code: 'MEDIA_NOT_FOUND' });
      expect((await getProfile(other)).profile?.avatarMediaId).toBeNull();
      expect(app.mediaFiles.has(ownersImage.id)).toBe(true);
    });

    it('removes the avatar: the file through media, then the URL and media id', async () => {
      const userId = app.newUser();
      await app.createProfile(userId);
      const image = app.storedImage(userId);
      await app.bus.request(identityRequests.setAvatar, { userId, input: { mediaId: image.id } });

      const saved = await app.bus.request(identityRequests.removeAvatar, { userId });

      expect(saved).toMatchObject({ avatarUrl: null, avatarMediaId: null });
      expect(app.deletedMediaIds).toContain(image.id);
    });

    it('removes an avatar whose file media no longer has', async () => {
      const userId = app.newUser();
      await app.createProfile(userId);
      const image = app.storedImage(userId);
      await app.bus.request(identityRequests.setAvatar, { userId, input: { mediaId: image.id } });
      app.mediaFiles.delete(image.id);

      expect(await app.bus.request(identityRequests.removeAvatar, { userId })).toMatchObject({
        avatarUrl: null,
      });
    });

    it('answers PROFILE_NOT_FOUND to a picture change without a profile', async () => {
      const userId = app.newUser();
      await expect(
        app.bus.request(identityRequests.setAvatar, {
          userId,
          input: { mediaId: app.storedImage(userId).id },
        }),
      ).rejects.toMatchObject({ code: 'PROFILE_NOT_FOUND' });
      await expect(app.bus.request(identityRequests.removeAvatar, { userId })).rejects.toMatchObject({
        code: 'PROFILE_NOT_FOUND',
      });
    });
  });

  describe("onboarding's exit", () => {
    it('deletes the profile, the settings and the avatar of a creator without podcasts', async () => {
      const userId = app.newUser();
      await app.createProfile(userId);
      const image = app.storedImage(userId);
      await app.bus.request(identityRequests.setAvatar, { userId, input: { mediaId: image.id } });
      await app.bus.request(identityRequests.updateSettings, {
        userId,
        input: { appearance: { theme: 'dark' } },
      });

      expect(
        await app.bus.request(identityRequests.abandonOnboarding, { userId, hasPodcasts: false }),
      ).toEqual({
        profileDeleted: true,
      });

      expect(await getProfile(userId)).toEqual({ profile: null });
      expect((await app.bus.request(identityRequests.getSettings, { userId })).updatedAt).toBeNull();
      expect(app.deletedMediaIds).toContain(image.id);
    });

    it('keeps the profile of a creator who has podcasts', async () => {
      const userId = app.newUser();
      await app.createProfile(userId);

      expect(
        await app.bus.request(identityRequests.abandonOnboarding, { userId, hasPodcasts: true }),
      ).toEqual({
        profileDeleted: false,
      });
      expect((await getProfile(userId)).profile).not.toBeNull();
    });

    it('reports profileDeleted false when there was no profile to delete', async () => {
      expect(
        await app.bus.request(identityRequests.abandonOnboarding, {
          userId: app.newUser(),
          hasPodcasts: false,
        }),
      ).toEqual({ profileDeleted: false });
    });
  });

  describe('the RSS status, kept from feeds.feed.regenerated', () => {
    const feedEvent = (ownerId: string, url: string, generatedAt: string) => ({
      podcastId: '4f7c1f0e-34a3-4c56-9a39-0f3f0a1b2c3d',
      ownerId,
      url,
      episodeCount: 1,
      generatedAt,
    });

    it('records the latest feed URL and time, and each URL once', async () => {
      const userId = app.newUser();
      await app.createProfile(userId);

      await app.publishFeedRegenerated(
        feedEvent(userId, 'http://x/feeds/a/one.xml', '2026-11-20T10:00:00.000Z'),
      );
      const duplicate = await app.publishFeedRegenerated(
        feedEvent(userId, 'http://x/feeds/a/two.xml', '2026-11-21T10:00:00.000Z'),
      );
      await app.bus.publish(duplicate);
      await app.publishFeedRegenerated(
        feedEvent(userId, 'http://x/feeds/a/two.xml', '2026-11-22T10:00:00.000Z'),
      );

      const profile = await waitFor('the third feed event to be recorded', async () => {
        const { profile } = await getProfile(userId);
        return profile?.rssGeneratedAt === '2026-11-22T10:00:00.000Z' ? profile : undefined;
      });
      expect(profile).toMatchObject({
        rssFeedUrl: 'http://x/feeds/a/two.xml',
        rssFeedUrls: ['http://x/feeds/a/one.xml', 'http://x/feeds/a/two.xml'],
      });
    });

    it('adds an older generation to the list without making it the latest', async () => {
      const userId = app.newUser();
      await app.createProfile(userId);
      await app.publishFeedRegenerated(
        feedEvent(userId, 'http://x/feeds/b/new.xml', '2026-11-22T10:00:00.000Z'),
      );
      await waitFor('the first feed', async () => (await getProfile(userId)).profile?.rssFeedUrl);

      await app.publishFeedRegenerated(
        feedEvent(userId, 'http://x/feeds/b/old.xml', '2026-11-01T10:00:00.000Z'),
      );

      const profile = await waitFor('the older feed to be listed', async () => {
        const { profile } = await getProfile(userId);
        return profile?.rssFeedUrls.length === 2 ? profile : undefined;
      });
      expect(profile).toMatchObject({
        rssFeedUrl: 'http://x/feeds/b/new.xml',
        rssGeneratedAt: '2026-11-22T10:00:00.000Z',
      });
    });

    it('ignores a feed of a creator without a profile', async () => {
      const userId = app.newUser();
      const envelope = await app.publishFeedRegenerated(
        feedEvent(userId, 'http://x/feeds/c/one.xml', '2026-11-22T10:00:00.000Z'),
      );

      await app.processed(envelope);
      expect(await getProfile(userId)).toEqual({ profile: null });
    });
  });
});
