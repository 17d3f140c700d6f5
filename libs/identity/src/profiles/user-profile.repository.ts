import { LockMode, sql } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '@castbase/contracts';
import { violatesUniqueConstraint } from '@castbase/platform-persistence';
import { UserProfile } from './user-profile.entity.js';

/**
 * A profile by its user id: the caller's own (the only profile a caller's request can reach is the one keyed by its
 * own user id), or a podcast owner's for what the public pages may show of it (see get-public-owner.handler.ts).
 */
export function findProfile(
  em: EntityManager,
  userId: string,
  lockMode?: LockMode.PESSIMISTIC_WRITE,
): Promise<UserProfile | null> {
  return em.findOne(UserProfile, { id: userId }, lockMode ? { lockMode } : {});
}

export async function requireProfile(
  em: EntityManager,
  userId: string,
  lockMode?: LockMode.PESSIMISTIC_WRITE,
): Promise<UserProfile> {
  const profile = await findProfile(em, userId, lockMode);
  if (!profile) throw new DomainError('PROFILE_NOT_FOUND');
  return profile;
}

/** Whether someone other than `userId` has this username, compared without regard to case. */
export async function isUsernameTakenByAnother(
  em: EntityManager,
  username: string,
  userId: string,
): Promise<boolean> {
  const holders = await em.count(UserProfile, {
    [sql.lower('username')]: username.toLowerCase(),
    id: { $ne: userId },
  });
  return holders > 0;
}

/**
 * The checks before a write see only committed profiles; two creators taking one name at the same moment meet
 * at the unique index instead, and two creations of one profile at the primary key. Both become the domain
 * error the check would have raised.
 */
export function asProfileConflict(error: unknown): unknown {
  if (violatesUniqueConstraint(error, 'user_profiles_username_lower_unique'))
    return new DomainError('USERNAME_TAKEN');
  if (violatesUniqueConstraint(error, 'user_profiles_pkey')) return new DomainError('PROFILE_EXISTS');
  return error;
}
