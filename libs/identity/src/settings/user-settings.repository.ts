import { LockMode, type QueryResult } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_USER_SETTINGS,
  type NotificationSettings,
  type PrivacySettings,
  type UpdateSettingsInput,
} from '@castbase/contracts';
import { UserSettings } from './user-settings.entity.js';

export function findSettings(em: EntityManager, userId: string): Promise<UserSettings | null> {
  return em.findOne(UserSettings, { userId });
}

/** The user's notification switches: the saved ones over the defaults. */
export async function findNotifications(em: EntityManager, userId: string): Promise<NotificationSettings> {
  return (await findSettings(em, userId))?.toDto().notifications ?? DEFAULT_USER_SETTINGS.notifications;
}

/** The user's privacy switches: the saved ones over the defaults. */
export async function findPrivacy(em: EntityManager, userId: string): Promise<PrivacySettings> {
  return (await findSettings(em, userId))?.toDto().privacy ?? DEFAULT_USER_SETTINGS.privacy;
}

/**
 * Onboarding's 'Email me product news and tips' and the profile's `emailOptIn` are the marketing e-mails switch:
 * one preference, kept here. Saved only when it changes, so a profile made without opting in writes no settings.
 */
export async function saveMarketingEmails(
  em: EntityManager,
  userId: string,
  marketingEmails: boolean | undefined,
): Promise<void> {
  if (marketingEmails === undefined) return;
  if ((await findPrivacy(em, userId)).marketingEmails === marketingEmails) return;
  await saveSettings(em, userId, { privacy: { marketingEmails } });
}

/** Saves part of the user's settings in the caller's transaction (see lockSettings). */
export async function saveSettings(
  em: EntityManager,
  userId: string,
  input: UpdateSettingsInput,
): Promise<UserSettings> {
  const settings = await lockSettings(em, userId);
  settings.apply(input);
  await em.flush();
  return settings;
}

/**
 * The caller's settings row, created with the defaults when missing, locked for the rest of the transaction so
 * two partial saves at once both land.
 */
export async function lockSettings(em: EntityManager, userId: string): Promise<UserSettings> {
  const defaults = new UserSettings();
  await em
    .createQueryBuilder(UserSettings)
    .insert({
      userId,
      notifications: defaults.notifications,
      privacy: defaults.privacy,
      theme: defaults.theme,
      updatedAt: defaults.updatedAt,
    })
    .onConflict('userId')
    .ignore()
    .execute<QueryResult<UserSettings>>('run');
  return em.findOneOrFail(UserSettings, { userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
}
