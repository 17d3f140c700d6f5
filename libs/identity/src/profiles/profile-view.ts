import type { EntityManager } from '@mikro-orm/postgresql';
import type { UserProfile as UserProfileDto } from '@castbase/contracts';
import type { ObjectStorage } from '@castbase/platform-storage';
import { findPrivacy } from '../settings/user-settings.repository.js';
import type { UserProfile } from './user-profile.entity.js';

/**
 * The profile as the bus answers it. Its `emailOptIn` (onboarding's 'Email me product news and tips') is the
 * privacy settings' `marketingEmails`: one preference, stored once, with the settings.
 */
export async function profileView(
  em: EntityManager,
  profile: UserProfile,
  storage: Pick<ObjectStorage, 'publicUrl'>,
): Promise<UserProfileDto> {
  return profile.toDto(storage, (await findPrivacy(em, profile.id)).marketingEmails);
}
