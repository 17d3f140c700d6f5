import { raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { OutboxMessage } from '@castbase/platform-messaging';
import { LocalAccountEraser } from '../oidc/index.js';
import { UserProfile } from '../profiles/user-profile.entity.js';
import { UserSettings } from '../settings/user-settings.entity.js';

/** How a value appears inside a jsonb column's text: JSON string escaping without the quotes. */
function asJsonText(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}

/**
 * Identity's own part of a deletion, run last and in the caller's transaction: the profile, the settings, the
 * local sign-in account (sessions, tokens, mail) and every event identity recorded about the user — by then
 * each has been delivered, and left in the outbox they would keep the user id for a week.
 */
@Injectable()
export class IdentityDataEraser {
  constructor(private readonly localAccounts: LocalAccountEraser) {}

  async erase(em: EntityManager, userId: string): Promise<Record<string, number>> {
    const email = (await em.findOne(UserProfile, { id: userId }))?.email ?? null;
    const profiles = await em.nativeDelete(UserProfile, { id: userId });
    const settings = await em.nativeDelete(UserSettings, { userId });
    const localAccount = await this.localAccounts.erase(em, userId);
    let events = 0;
    for (const mention of [userId, email]) {
      if (!mention) continue;
      events += await em.nativeDelete(OutboxMessage, {
        [raw('strpos(payload::text, ?)', [asJsonText(mention)])]: { $gt: 0 },
      });
    }
    return { profiles, settings, ...localAccount, events };
  }
}
