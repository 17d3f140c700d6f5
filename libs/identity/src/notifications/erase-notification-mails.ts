import type { EntityManager } from '@mikro-orm/postgresql';
import { SentMail } from '../oidc/database/sent-mail.entity.js';
import { NotificationMail } from './notification-mail.entity.js';

/**
 * A user's notification e-mails, for the account deletion (in its transaction): the queue's rows and, where no SMTP
 * server took them, the copies the local mail page keeps (`sent_mail`, which knows them by address only). Answers how
 * many of each went.
 */
export async function eraseNotificationMails(
  em: EntityManager,
  userId: string,
): Promise<{ notificationMails: number; keptNotificationMails: number }> {
  const addresses = [
    ...new Set(
      (await em.find(NotificationMail, { userId }, { fields: ['toAddress'] })).map((mail) => mail.toAddress),
    ),
  ];
  const keptNotificationMails =
    addresses.length === 0
      ? 0
      : await em.nativeDelete(SentMail, { accountId: null, toAddress: { $in: addresses } });
  const notificationMails = await em.nativeDelete(NotificationMail, { userId });
  return { notificationMails, keptNotificationMails };
}
