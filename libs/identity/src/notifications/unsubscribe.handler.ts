import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { DomainError, publicIdentityRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { findProfile } from '../profiles/user-profile.repository.js';
import { saveSettings } from '../settings/user-settings.repository.js';
import { UnsubscribeTokens } from './unsubscribe-tokens.js';

type Definition = typeof publicIdentityRequests.unsubscribe;

/**
 * An e-mail's unsubscribe link, with no sign-in: turns off the switch its token names, for the token's user only.
 * Any token that is not one of ours, or whose user is gone, is UNSUBSCRIBE_LINK_INVALID. Turning off a switch that
 * is off already answers the same (a mail app and the person may both follow the link).
 */
@Injectable()
export class UnsubscribeHandler implements RequestHandler<Definition> {
  readonly definition = publicIdentityRequests.unsubscribe;

  constructor(
    private readonly em: EntityManager,
    private readonly tokens: UnsubscribeTokens,
  ) {}

  async handle({ token }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const subject = await this.tokens.verify(token);
    if (!subject) throw new DomainError('UNSUBSCRIBE_LINK_INVALID');
    return this.em.fork().transactional(async (em) => {
      // An erased account's links turn nothing back into a settings row.
      if (!(await findProfile(em, subject.userId))) throw new DomainError('UNSUBSCRIBE_LINK_INVALID');
      await saveSettings(em, subject.userId, { notifications: { [subject.kind]: false } });
      return { kind: subject.kind };
    });
  }
}
