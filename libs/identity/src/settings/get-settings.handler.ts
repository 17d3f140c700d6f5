import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  DEFAULT_USER_SETTINGS,
  identityRequests,
  type ParsedRequestOf,
  type ReplyOf,
} from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { findSettings } from './user-settings.repository.js';

type Definition = typeof identityRequests.getSettings;

/** The caller's settings; the defaults (never saved: updatedAt null) until the first save. */
@Injectable()
export class GetSettingsHandler implements RequestHandler<Definition> {
  readonly definition = identityRequests.getSettings;

  constructor(private readonly em: EntityManager) {}

  async handle({ userId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const settings = await findSettings(this.em.fork(), userId);
    return settings?.toDto() ?? { ...DEFAULT_USER_SETTINGS, updatedAt: null };
  }
}
