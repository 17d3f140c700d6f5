import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  HIDDEN_PUBLIC_OWNER,
  publicProfileRequests,
  type ParsedRequestOf,
  type ReplyOf,
} from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { openDeletion } from '../deletion/account-deletion.repository.js';
import { findPrivacy } from '../settings/user-settings.repository.js';
import { findProfile } from './user-profile.repository.js';

type Definition = typeof publicProfileRequests.getPublicOwner;

/**
 * What the public pages may show of a podcast's owner, by the owner's user id the catalog knows: their card while
 * `profilePublic` is on, and their `analyticsSharing` choice. Never by a username: the podcast's `ownerUsername` is
 * the sign-in's username when it was made, which may be another profile's, whose card and sharing choice must
 * never decide this podcast's page. A user without a profile, and an account being deleted, are hidden the same
 * way (no card, no figures), never an error.
 */
@Injectable()
export class GetPublicOwnerHandler implements RequestHandler<Definition> {
  readonly definition = publicProfileRequests.getPublicOwner;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
  ) {}

  async handle({ userId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const em = this.em.fork();
    const profile = await findProfile(em, userId);
    if (!profile || (await openDeletion(em, profile.id))) return HIDDEN_PUBLIC_OWNER;
    const privacy = await findPrivacy(em, profile.id);
    return {
      creator: privacy.profilePublic ? profile.toPublicCreator(this.storage) : null,
      analyticsSharing: privacy.analyticsSharing,
    };
  }
}
