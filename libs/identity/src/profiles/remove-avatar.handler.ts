import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { identityRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { AvatarFiles } from './avatar-files.js';
import { profileView } from './profile-view.js';
import { findProfile, requireProfile } from './user-profile.repository.js';

type Definition = typeof identityRequests.removeAvatar;

/**
 * Removes the profile picture: the file first, then the profile's reference. If media fails, nothing changed and
 * the creator can try again (a file already gone counts as deleted).
 */
@Injectable()
export class RemoveAvatarHandler implements RequestHandler<Definition> {
  readonly definition = identityRequests.removeAvatar;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
    private readonly avatarFiles: AvatarFiles,
  ) {}

  async handle({ userId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const current = await findProfile(this.em.fork(), userId);
    if (current?.avatarMediaId) await this.avatarFiles.remove(userId, current.avatarMediaId);
    return this.em.fork().transactional(async (em) => {
      const profile = await requireProfile(em, userId, LockMode.PESSIMISTIC_WRITE);
      if (profile.avatarMediaId && profile.avatarMediaId !== current?.avatarMediaId) {
        // Another picture was set while the old one was being deleted: that one stays.
        return profileView(em, profile, this.storage);
      }
      profile.avatarKey = null;
      profile.avatarMediaId = null;
      await em.flush();
      return profileView(em, profile, this.storage);
    });
  }
}
