import { z } from 'zod';
import { defineRequest } from '../messaging/definitions.js';
import type { NotificationSettings } from './settings.js';

/**
 * The e-mails a creator can turn off one by one, each by its switch of the notification settings; the master switch,
 * `emailNotifications`, turns them all off. `socialMediaUpdates` is reserved for the social platforms' posts: stored
 * and shown, and no e-mail uses it yet.
 */
export const NOTIFICATION_KINDS = [
  'episodePublished',
  'weeklyReport',
  'rssUpdates',
  'socialMediaUpdates',
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** Each switch of the notification settings as the settings screen and the e-mails name it. */
export const NOTIFICATION_SWITCHES: Record<
  keyof NotificationSettings,
  { label: string; description: string }
> = {
  emailNotifications: {
    label: 'Email notifications',
    description: 'Receive notifications about your account by email.',
  },
  episodePublished: {
    label: 'Episode published',
    description: 'When one of your episodes goes live.',
  },
  weeklyReport: {
    label: 'Weekly report',
    description: "A weekly summary of your podcasts' plays and listeners.",
  },
  socialMediaUpdates: {
    label: 'Social media updates',
    description: 'When clips and posts are published to your connected accounts.',
  },
  rssUpdates: {
    label: 'RSS feed updates',
    description: 'When your RSS feeds are regenerated or need attention.',
  },
};

/** Whether a creator with these settings gets e-mails of this kind: its switch and the master switch both on. */
export function wantsNotification(settings: NotificationSettings, kind: NotificationKind): boolean {
  return settings.emailNotifications && settings[kind];
}

/** The web app's page an e-mail's unsubscribe link opens (one click: the page turns the switch off as it opens). */
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';
/**
 * The gateway's endpoint that turns the switch off, `POST` with the link's token in the query: what the page calls, and
 * what a mail app calls for `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058).
 */
export const UNSUBSCRIBE_API_PATH = '/api/public/unsubscribe';

export function unsubscribePageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${UNSUBSCRIBE_PAGE_PATH}?token=${encodeURIComponent(token)}`;
}

export function unsubscribeApiUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${UNSUBSCRIBE_API_PATH}?token=${encodeURIComponent(token)}`;
}

/** An unsubscribe link's token as it reaches the server: anything longer is no token of ours. */
export const unsubscribeInputSchema = z.object({ token: z.string().min(1).max(1024) });
export const unsubscribeResultSchema = z.object({ kind: notificationKindSchema });
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;

export const unsubscribeMessages = {
  title: 'Unsubscribe',
  working: 'Turning these e-mails off…',
  done: (kind: NotificationKind) =>
    `You will no longer receive “${NOTIFICATION_SWITCHES[kind].label}” e-mails.`,
  manage: 'You can turn them on again, and change every other e-mail, in your notification settings.',
  settingsLink: 'Notification settings',
  missingToken: 'This unsubscribe link is incomplete. Open the link from the e-mail again.',
};

/** Requests anyone may make (no caller): an e-mail's unsubscribe link carries its own proof. */
export const publicIdentityRequests = {
  /** Turns off the switch an unsubscribe token names for its user; UNSUBSCRIBE_LINK_INVALID for any other token. */
  unsubscribe: defineRequest(
    'identity.notifications.unsubscribe',
    unsubscribeInputSchema,
    unsubscribeResultSchema,
  ),
} as const;
