import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  DomainError,
  identityEvents,
  identityRequests,
  type ParsedRequestOf,
  type ReplyOf,
} from '@castbase/contracts';
import { Outbox, type RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { refuseWhileDeleting } from '../deletion/account-deletion.repository.js';
import { saveMarketingEmails } from '../settings/user-settings.repository.js';
import { profileView } from './profile-view.js';
import { asProfileConflict, isUsernameTakenByAnother, requireProfile } from './user-profile.repository.js';

type Definition = typeof identityRequests.updateProfile;

/**
 * Profile settings' Save Changes: only the fields sent change; onboarding marks itself complete here. A new username
 * is announced (identity.user.username-changed, through the outbox with the change): the catalog moves the user's
 * feed addresses.
 */
@Injectable()
export class UpdateProfileHandler implements RequestHandler<Definition> {
  readonly definition = identityRequests.updateProfile;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
    private readonly outbox: Outbox,
  ) {}

  async handle({ userId, input }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    try {
      return await this.em.fork().transactional(async (em) => {
        await refuseWhileDeleting(em, userId);
        const profile = await requireProfile(em, userId, LockMode.PESSIMISTIC_WRITE);
        if (input.username !== undefined && (await isUsernameTakenByAnother(em, input.username, userId)))
          throw new DomainError('USERNAME_TAKEN');
        const previousUsername = profile.username;
        profile.username = input.username ?? profile.username;
        if (profile.username !== previousUsername) {
          this.outbox.add(em, identityEvents.usernameChanged, {
            userId,
            username: profile.username,
            previousUsername,
          });
        }
        profile.email = input.email ?? profile.email;
        profile.bio = input.bio ?? profile.bio;
        profile.displayName = input.displayName ?? profile.displayName;
        profile.firstName = input.firstName ?? profile.firstName;
        profile.lastName = input.lastName ?? profile.lastName;
        profile.timezone = input.timezone ?? profile.timezone;
        profile.onboardingComplete = input.onboardingComplete ?? profile.onboardingComplete;
        await em.flush();
        await saveMarketingEmails(em, userId, input.emailOptIn);
        return profileView(em, profile, this.storage);
      });
    } catch (error) {
      throw asProfileConflict(error);
    }
  }
}
