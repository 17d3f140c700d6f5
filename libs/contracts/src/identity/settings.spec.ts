import {
  DEFAULT_USER_SETTINGS,
  notificationSettingsSchema,
  privacySettingsSchema,
  settingsMessages,
  THEME_PREFERENCES,
  updateSettingsInputSchema,
} from './settings.js';

describe('notification, privacy and appearance settings (spec 1 §2, §3)', () => {
  it('has the five notification checkboxes emailNotifications, episodePublished, weeklyReport, socialMediaUpdates and rssUpdates', () => {
    expect(Object.keys(notificationSettingsSchema.shape)).toEqual([
      'emailNotifications',
      'episodePublished',
      'weeklyReport',
      'socialMediaUpdates',
      'rssUpdates',
    ]);
  });

  it('has the privacy switches profilePublic, analyticsSharing and marketingEmails', () => {
    expect(Object.keys(privacySettingsSchema.shape)).toEqual([
      'profilePublic',
      'analyticsSharing',
      'marketingEmails',
    ]);
  });

  it('turns every notification on by default except the weekly report', () => {
    expect(DEFAULT_USER_SETTINGS.notifications).toEqual({
      emailNotifications: true,
      episodePublished: true,
      weeklyReport: false,
      socialMediaUpdates: true,
      rssUpdates: true,
    });
  });

  it('makes the profile public by default, shares no analytics until the creator opts in, and sends no marketing e-mail', () => {
    expect(DEFAULT_USER_SETTINGS.privacy).toEqual({
      profilePublic: true,
      analyticsSharing: false,
      marketingEmails: false,
    });
  });

  it('offers the themes System, Light and Dark, following the system by default', () => {
    expect([...THEME_PREFERENCES].sort()).toEqual(['dark', 'light', 'system']);
    expect(DEFAULT_USER_SETTINGS.appearance.theme).toBe('system');
  });

  it('accepts a save of only what changed and refuses a switch that is not a boolean', () => {
    expect(updateSettingsInputSchema.parse({ notifications: { weeklyReport: true } })).toEqual({
      notifications: { weeklyReport: true },
    });
    expect(updateSettingsInputSchema.safeParse({ privacy: { marketingEmails: 'yes' } }).success).toBe(false);
    expect(updateSettingsInputSchema.safeParse({ appearance: { theme: 'sepia' } }).success).toBe(false);
  });

  it("words a failed save 'Failed to save settings'", () => {
    expect(settingsMessages.saveFailed).toBe('Failed to save settings');
  });
});
