import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { identityRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { profileView } from './profile-view.js';
import { findProfile } from './user-profile.repository.js';

type Definition = typeof identityRequests.getProfile;

/** The caller's profile, or null before onboarding created it (the callback routes on that). */
@Injectable()
export class GetProfileHandler implements RequestHandler<Definition> {
  readonly definition = identityRequests.getProfile;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
  ) {}

  async handle({ userId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const em = this.em.fork();
    const profile = await findProfile(em, userId);
    return { profile: profile ? await profileView(em, profile, this.storage) : null };
  }
}
