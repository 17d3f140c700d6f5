import { LockMode, type QueryResult } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UserSettings } from './user-settings.entity.js';

export function findSettings(em: EntityManager, userId: string): Promise<UserSettings | null> {
  return em.findOne(UserSettings, { userId });
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
