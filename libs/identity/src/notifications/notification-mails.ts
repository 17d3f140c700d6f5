import type { QueryResult } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { NOTIFICATION_SWITCHES, wantsNotification, type NotificationKind } from '@castbase/contracts';
import { AfterCommit } from '@castbase/platform-persistence';
import { html, type SafeHtml } from '../oidc/pages/html.js';
import { findProfile } from '../profiles/user-profile.repository.js';
import { findNotifications } from '../settings/user-settings.repository.js';
import { NotificationLinks } from './notification-links.js';
import { NotificationMail } from './notification-mail.entity.js';
import { NotificationMailSender } from './notification-mail-sender.js';
import { UnsubscribeTokens } from './unsubscribe-tokens.js';

/** What a notification says, before the greeting and the footer every notification has. */
export interface NotificationContent {
  subject: string;
  /** The plain-text part's paragraphs. */
  text: string[];
  /** The HTML part's blocks (a paragraph each, or a list), in the same order. */
  html: SafeHtml[];
}

/** One notification to queue: for whom, of which kind, and what caused it (one e-mail per cause and recipient). */
export interface Notification {
  userId: string;
  kind: NotificationKind;
  dedupeKey: string;
  content: NotificationContent;
}

/**
 * Queues notification e-mails in the caller's transaction, for the creators whose settings want them (the kind's
 * switch and `emailNotifications` on) and who have a profile with an e-mail; the NotificationMailSender sends them
 * once the transaction commits. Every e-mail ends with its unsubscribe link and carries `List-Unsubscribe`.
 */
@Injectable()
export class NotificationMails {
  constructor(
    private readonly tokens: UnsubscribeTokens,
    private readonly sender: NotificationMailSender,
    private readonly afterCommit: AfterCommit,
    private readonly links: NotificationLinks,
  ) {}

  /** Answers whether it was queued (false: the creator does not want it, has no profile, or has it queued already). */
  async queue(em: EntityManager, notification: Notification): Promise<boolean> {
    const { userId, kind } = notification;
    const profile = await findProfile(em, userId);
    if (!profile?.email) return false;
    if (!wantsNotification(await findNotifications(em, userId), kind)) return false;
    const token = await this.tokens.tokenFor(userId, kind);
    const unsubscribe = this.links.unsubscribePage(token);
    const settingsUrl = this.links.settings();
    const label = NOTIFICATION_SWITCHES[kind].label;
    const { subject, text, html: blocks } = notification.content;
    const greeting = `Hi ${profile.displayName || profile.firstName},`;
    const textBody = [
      greeting,
      ...text,
      '--',
      `You get this e-mail because "${label}" is on in your notification settings (${settingsUrl}).`,
      `Unsubscribe from these e-mails with one click: ${unsubscribe}`,
    ].join('\n\n');
    const htmlBody = html`<p>${greeting}</p>
      ${blocks}
      <hr />
      <p style="font-size: 13px; color: #555">
        You get this e-mail because “${label}” is on in your
        <a href="${settingsUrl}">notification settings</a>. <a href="${unsubscribe}">Unsubscribe</a> from
        these e-mails with one click.
      </p>`;
    const queued = new NotificationMail();
    const inserted = await em
      .createQueryBuilder(NotificationMail)
      .insert({
        id: queued.id,
        createdAt: queued.createdAt,
        nextAttemptAt: queued.nextAttemptAt,
        userId,
        kind,
        dedupeKey: notification.dedupeKey,
        toAddress: profile.email,
        subject,
        textBody,
        htmlBody: htmlBody.toString(),
        unsubscribeUrl: this.links.unsubscribeApi(token),
      })
      .onConflict(['kind', 'dedupeKey', 'userId'])
      .ignore()
      .execute<QueryResult<NotificationMail>>('run');
    if (inserted.affectedRows === 0) return false;
    this.afterCommit.run(em, () => this.sender.wake());
    return true;
  }
}
