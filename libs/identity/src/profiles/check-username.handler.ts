import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  identityRequests,
  ONBOARDING_USERNAME_PATTERN,
  type ParsedRequestOf,
  type ReplyOf,
} from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { isUsernameTakenByAnother } from './user-profile.repository.js';

type Definition = typeof identityRequests.checkUsername;

/** Onboarding's availability check: a name held by another creator in any case is taken; your own is not. */
@Injectable()
export class CheckUsernameHandler implements RequestHandler<Definition> {
  readonly definition = identityRequests.checkUsername;

  constructor(private readonly em: EntityManager) {}

  async handle({ userId, username }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const candidate = username.trim();
    if (!ONBOARDING_USERNAME_PATTERN.test(candidate))
      return { username: candidate, available: false, reason: 'invalid_username_format' };
    if (await isUsernameTakenByAnother(this.em.fork(), candidate, userId))
      return { username: candidate, available: false, reason: 'username_taken' };
    return { username: candidate, available: true, reason: null };
  }
}
