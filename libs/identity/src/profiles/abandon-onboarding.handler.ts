import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { identityRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { UserSettings } from '../settings/user-settings.entity.js';
import { AvatarFiles } from './avatar-files.js';
import { UserProfile } from './user-profile.entity.js';
import { findProfile } from './user-profile.repository.js';

type Definition = typeof identityRequests.abandonOnboarding;

/**
 * Onboarding's Exit. A creator who already has a podcast keeps the profile (the podcast needs its owner's
 * profile); one without a podcast starts over: profile and settings go, and so does the picture, if any.
 */
@Injectable()
export class AbandonOnboardingHandler implements RequestHandler<Definition> {
  readonly definition = identityRequests.abandonOnboarding;

  constructor(
    private readonly em: EntityManager,
    private readonly avatarFiles: AvatarFiles,
  ) {}

  async handle({ userId, hasPodcasts }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    if (hasPodcasts) return { profileDeleted: false };
    const { deleted, avatarMediaId } = await this.em.fork().transactional(async (em) => {
      const avatarMediaId = (await findProfile(em, userId))?.avatarMediaId ?? null;
      const deleted = await em.nativeDelete(UserProfile, { id: userId });
      await em.nativeDelete(UserSettings, { userId });
      return { deleted, avatarMediaId };
    });
    if (avatarMediaId) await this.avatarFiles.removeUnreferenced(userId, avatarMediaId);
    return { profileDeleted: deleted > 0 };
  }
}
