import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { eraseOutboxMentions } from '@castbase/platform-messaging';
import { eraseNotificationMails } from '../notifications/erase-notification-mails.js';
import { LocalAccountEraser } from '../oidc/index.js';
import { UserProfile } from '../profiles/user-profile.entity.js';
import { UserSettings } from '../settings/user-settings.entity.js';

/**
 * Identity's own part of a deletion, run last and in the caller's transaction: the profile, the settings, the
 * notification e-mails (queued, sent, and the local mail page's copies), the
 * local sign-in account (sessions, tokens, mail) and every event identity recorded about the user — by then
 * each has been delivered, and left in the outbox they would keep the user id for a week.
 */
@Injectable()
export class IdentityDataEraser {
  constructor(private readonly localAccounts: LocalAccountEraser) {}

  async erase(em: EntityManager, userId: string): Promise<Record<string, number>> {
    const profiles = await em.nativeDelete(UserProfile, { id: userId });
    const settings = await em.nativeDelete(UserSettings, { userId });
    const notifications = await eraseNotificationMails(em, userId);
    const localAccount = await this.localAccounts.erase(em, userId);
    const events = await eraseOutboxMentions(em, userId);
    return { profiles, settings, ...notifications, ...localAccount, events };
  }
}
