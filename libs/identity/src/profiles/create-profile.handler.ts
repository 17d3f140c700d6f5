import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  DomainError,
  emailSchema,
  identityRequests,
  validationMessages,
  type ParsedRequestOf,
  type ReplyOf,
} from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { refuseWhileDeleting } from '../deletion/account-deletion.repository.js';
import { saveMarketingEmails } from '../settings/user-settings.repository.js';
import { profileView } from './profile-view.js';
import { UserProfile } from './user-profile.entity.js';
import { asProfileConflict, findProfile, isUsernameTakenByAnother } from './user-profile.repository.js';

type Definition = typeof identityRequests.createProfile;

/** The e-mail the creator typed, else the one in their token; a profile cannot be made without one. */
function profileEmail(typed: string | undefined, tokenEmail: string | null): string {
  if (typed) return typed;
  const fromToken = emailSchema.safeParse(tokenEmail ?? '');
  if (fromToken.success) return fromToken.data;
  // Shaped like the bus's own validation failures, so a form puts the message beside the e-mail field.
  throw new DomainError('VALIDATION_FAILED', validationMessages.emailRequired, [
    { code: 'custom', path: ['input', 'email'], message: validationMessages.emailRequired },
  ]);
}

/** Onboarding's 'Set Up Your Profile': one profile per user, with a username nobody else has in any case. */
@Injectable()
export class CreateProfileHandler implements RequestHandler<Definition> {
  readonly definition = identityRequests.createProfile;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
  ) {}

  async handle({ userId, tokenEmail, input }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const email = profileEmail(input.email, tokenEmail);
    try {
      return await this.em.fork().transactional(async (em) => {
        await refuseWhileDeleting(em, userId);
        if (await findProfile(em, userId)) throw new DomainError('PROFILE_EXISTS');
        if (await isUsernameTakenByAnother(em, input.username, userId))
          throw new DomainError('USERNAME_TAKEN');
        const profile = em.create(UserProfile, {
          id: userId,
          username: input.username,
          displayName: `${input.firstName} ${input.lastName}`,
          firstName: input.firstName,
          lastName: input.lastName,
          email,
          timezone: input.timezone,
        });
        await em.flush();
        await saveMarketingEmails(em, userId, input.emailOptIn);
        return profileView(em, profile, this.storage);
      });
    } catch (error) {
      throw asProfileConflict(error);
    }
  }
}
