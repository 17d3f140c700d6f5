import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_USER_SETTINGS, identityRequests, type UpdateSettingsInput } from '@castbase/contracts';
import { startAccountsTestApp, type AccountsTestApp } from '../testing/accounts-test-app.js';

describe('identity service: settings, asked over the bus as the gateway asks', () => {
  let app: AccountsTestApp;

  beforeAll(async () => {
    app = await startAccountsTestApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  const getSettings = (userId: string) => app.bus.request(identityRequests.getSettings, { userId });
  const updateSettings = (userId: string, input: UpdateSettingsInput) =>
    app.bus.request(identityRequests.updateSettings, { userId, input });

  it('answers the defaults, never saved, before the first save: every notification but the weekly report, public profile, no analytics sharing (opt-in), no marketing, system theme', async () => {
    expect(await getSettings(app.newUser())).toEqual({
      notifications: {
        emailNotifications: true,
        episodePublished: true,
        weeklyReport: false,
        socialMediaUpdates: true,
        rssUpdates: true,
      },
      privacy: { profilePublic: true, analyticsSharing: false, marketingEmails: false },
      appearance: { theme: 'system' },
      updatedAt: null,
    });
  });

  it('merges a partial save into its section and keeps the other sections', async () => {
    const userId = app.newUser();

    const saved = await updateSettings(userId, { notifications: { weeklyReport: true } });

    expect(saved).toEqual({
      ...DEFAULT_USER_SETTINGS,
      notifications: { ...DEFAULT_USER_SETTINGS.notifications, weeklyReport: true },
      updatedAt: expect.any(String),
    });
  });

  it('keeps what earlier saves changed, across reads', async () => {
    const userId = app.newUser();
    await updateSettings(userId, { notifications: { weeklyReport: true } });
    await updateSettings(userId, { privacy: { profilePublic: false } });
    const last = await updateSettings(userId, {
      appearance: { theme: 'dark' },
      notifications: { rssUpdates: false },
    });

    const read = await getSettings(userId);

    expect(read).toEqual(last);
    expect(read).toMatchObject({
      notifications: { weeklyReport: true, rssUpdates: false, emailNotifications: true },
      privacy: { profilePublic: false, analyticsSharing: false, marketingEmails: false },
      appearance: { theme: 'dark' },
    });
  });

  it('moves updatedAt forward with each save', async () => {
    const userId = app.newUser();
    const first = await updateSettings(userId, { appearance: { theme: 'light' } });
    const second = await updateSettings(userId, { appearance: { theme: 'dark' } });

    expect(Date.parse(second.updatedAt!)).toBeGreaterThanOrEqual(Date.parse(first.updatedAt!));
  });

  it('lands every one of several partial saves made at the same moment', async () => {
    const userId = app.newUser();

    await Promise.all([
      updateSettings(userId, { notifications: { weeklyReport: true } }),
      updateSettings(userId, { notifications: { rssUpdates: false } }),
      updateSettings(userId, { privacy: { marketingEmails: true } }),
      updateSettings(userId, { appearance: { theme: 'light' } }),
    ]);

    expect(await getSettings(userId)).toMatchObject({
      notifications: { weeklyReport: true, rssUpdates: false },
      privacy: { marketingEmails: true },
      appearance: { theme: 'light' },
    });
  });

  it("changes only the caller's settings", async () => {
    const userId = app.newUser();
    const neighbour = app.newUser();
    await updateSettings(neighbour, { privacy: { analyticsSharing: false } });

    await updateSettings(userId, { privacy: { analyticsSharing: true, marketingEmails: true } });

    expect((await getSettings(neighbour)).privacy).toEqual({
      profilePublic: true,
      analyticsSharing: false,
      marketingEmails: false,
    });
  });

  describe("marketing e-mails and onboarding's 'Email me product news and tips': one preference", () => {
    const getProfile = async (userId: string) =>
      (await app.bus.request(identityRequests.getProfile, { userId })).profile;

    it('shows the onboarding opt-in as the marketingEmails switch', async () => {
      const userId = app.newUser();

      const created = await app.createProfile(userId, { emailOptIn: true });

      expect(created.emailOptIn).toBe(true);
      expect((await getSettings(userId)).privacy.marketingEmails).toBe(true);
    });

    it('shows the switch turned off in the settings as the profile opt-in, and the profile opt-in as the switch', async () => {
      const userId = app.newUser();
      await app.createProfile(userId, { emailOptIn: true });

      await updateSettings(userId, { privacy: { marketingEmails: false } });
      expect((await getProfile(userId))?.emailOptIn).toBe(false);

      await app.bus.request(identityRequests.updateProfile, { userId, input: { emailOptIn: true } });
      expect((await getSettings(userId)).privacy).toEqual({
        ...DEFAULT_USER_SETTINGS.privacy,
        marketingEmails: true,
      });
    });

    it('saves no settings for a profile made without opting in: the defaults stand (marketing off)', async () => {
      const userId = app.newUser();

      const created = await app.createProfile(userId, { emailOptIn: false });

      expect(created.emailOptIn).toBe(false);
      expect(await getSettings(userId)).toEqual({ ...DEFAULT_USER_SETTINGS, updatedAt: null });
    });
  });

  it('refuses a theme other than system, light or dark with VALIDATION_FAILED', async () => {
    await expect(
      updateSettings(app.newUser(), { appearance: { theme: 'sepia' as 'dark' } }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
