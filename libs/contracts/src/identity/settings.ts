import { z } from 'zod';
import { PRODUCT_NAME } from '../shared/product.js';

export const notificationSettingsSchema = z.object({
  emailNotifications: z.boolean(),
  episodePublished: z.boolean(),
  weeklyReport: z.boolean(),
  socialMediaUpdates: z.boolean(),
  rssUpdates: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const privacySettingsSchema = z.object({
  profilePublic: z.boolean(),
  analyticsSharing: z.boolean(),
  marketingEmails: z.boolean(),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;

/**
 * Onboarding's opt-in, the same preference as the `marketingEmails` switch (the profile's `emailOptIn` reads and
 * writes that switch).
 */
export const MARKETING_EMAILS_OPT_IN_LABEL = 'Email me product news and tips';

/** The privacy switches as the settings screen words them: what each one changes. */
export const PRIVACY_SWITCHES: Record<keyof PrivacySettings, { label: string; description: string }> = {
  profilePublic: {
    label: 'Public profile',
    description: "Show your name, picture and bio on your podcasts' public pages.",
  },
  analyticsSharing: {
    label: 'Analytics sharing',
    description: "Show your podcasts' total plays and unique listeners on their public pages.",
  },
  marketingEmails: {
    label: 'Marketing emails',
    description: 'Receive news about features, tips and offers.',
  },
};

export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const;
export const themePreferenceSchema = z.enum(THEME_PREFERENCES);
export type ThemePreference = z.infer<typeof themePreferenceSchema>;

export const appearanceSettingsSchema = z.object({ theme: themePreferenceSchema });

export const userSettingsSchema = z.object({
  notifications: notificationSettingsSchema,
  privacy: privacySettingsSchema,
  appearance: appearanceSettingsSchema,
  updatedAt: z.iso.datetime().nullable(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/**
 * Spec 1 §3 defaults: every notification on but the weekly report; public profile on. Analytics sharing (the
 * podcasts' figures on their public pages) is opt-in: off until the creator turns it on.
 */
export const DEFAULT_USER_SETTINGS: Omit<UserSettings, 'updatedAt'> = {
  notifications: {
    emailNotifications: true,
    episodePublished: true,
    weeklyReport: false,
    socialMediaUpdates: true,
    rssUpdates: true,
  },
  privacy: { profilePublic: true, analyticsSharing: false, marketingEmails: false },
  appearance: { theme: 'system' },
};

/** A save sends only what changed, section by section. */
export const updateSettingsInputSchema = z
  .object({
    notifications: notificationSettingsSchema.partial(),
    privacy: privacySettingsSchema.partial(),
    appearance: appearanceSettingsSchema.partial(),
  })
  .partial();
export type UpdateSettingsInput = z.input<typeof updateSettingsInputSchema>;

export const settingsMessages = {
  saved: 'Settings saved successfully!',
  saveFailed: 'Failed to save settings',
  loadFailed: 'Failed to load settings',
  exportReady: 'Your data export has been downloaded',
  exportFailed: 'Failed to export data',
} as const;

/** The export's file name on the day it is made. */
export function dataExportFileName(date: Date): string {
  return `${PRODUCT_NAME.toLowerCase()}-data-export-${date.toISOString().slice(0, 10)}.json`;
}
