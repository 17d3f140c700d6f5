import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { identityRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { refuseWhileDeleting } from '../deletion/account-deletion.repository.js';
import { AvatarFiles } from './avatar-files.js';
import { profileView } from './profile-view.js';
import { requireProfile } from './user-profile.repository.js';

type Definition = typeof identityRequests.setAvatar;

/** Makes one of the caller's uploaded images the profile picture; the picture it replaces is deleted. */
@Injectable()
export class SetAvatarHandler implements RequestHandler<Definition> {
  readonly definition = identityRequests.setAvatar;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
    private readonly avatarFiles: AvatarFiles,
  ) {}

  async handle({ userId, input }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const image = await this.avatarFiles.ownImage(userId, input.mediaId);
    const { profile, replaced } = await this.em.fork().transactional(async (em) => {
      await refuseWhileDeleting(em, userId);
      const profile = await requireProfile(em, userId, LockMode.PESSIMISTIC_WRITE);
      const replaced = profile.avatarMediaId;
      profile.avatarKey = image.storageKey;
      profile.avatarMediaId = image.id;
      await em.flush();
      return { profile: await profileView(em, profile, this.storage), replaced };
    });
    if (replaced && replaced !== image.id) await this.avatarFiles.removeUnreferenced(userId, replaced);
    return profile;
  }
}
