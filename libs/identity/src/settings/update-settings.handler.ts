import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { identityRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { refuseWhileDeleting } from '../deletion/account-deletion.repository.js';
import { saveSettings } from './user-settings.repository.js';

type Definition = typeof identityRequests.updateSettings;

/** Saves what changed, section by section, over what was saved before. */
@Injectable()
export class UpdateSettingsHandler implements RequestHandler<Definition> {
  readonly definition = identityRequests.updateSettings;

  constructor(private readonly em: EntityManager) {}

  async handle({ userId, input }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    return this.em.fork().transactional(async (em) => {
      await refuseWhileDeleting(em, userId);
      return (await saveSettings(em, userId, input)).toDto();
    });
  }
}
