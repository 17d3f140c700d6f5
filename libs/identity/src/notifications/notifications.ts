import type { Provider } from '@nestjs/common';
import type { EventHandlerClass, RequestHandlerClass } from '@castbase/platform-messaging';
import { AfterCommit } from '@castbase/platform-persistence';
import { EpisodePublishedMailHandler } from './episode-published-mail.handler.js';
import { FeedAttentionMailHandler } from './feed-attention-mail.handler.js';
import { CreateNotificationMails } from './migration-20261129-notification-mails.js';
import { NotificationLinks } from './notification-links.js';
import { NotificationMail } from './notification-mail.entity.js';
import { NotificationMailSender } from './notification-mail-sender.js';
import { NotificationMails } from './notification-mails.js';
import { UnsubscribeHandler } from './unsubscribe.handler.js';
import { UnsubscribeTokens } from './unsubscribe-tokens.js';
import { WeeklyReportMails } from './weekly-report-mails.js';

/** The notification e-mails as identity.module.ts and identity-database.ts wire them. */
export const NOTIFICATION_ENTITIES = [NotificationMail];
export const NOTIFICATION_MIGRATIONS = [
  { name: '20261129000100_notification_mails', class: CreateNotificationMails },
];
export const NOTIFICATION_REQUEST_HANDLERS: readonly RequestHandlerClass[] = [UnsubscribeHandler];
export const NOTIFICATION_EVENT_HANDLERS: readonly EventHandlerClass[] = [
  EpisodePublishedMailHandler,
  FeedAttentionMailHandler,
];
export const NOTIFICATION_PROVIDERS: Provider[] = [
  AfterCommit,
  NotificationLinks,
  UnsubscribeTokens,
  NotificationMailSender,
  NotificationMails,
  WeeklyReportMails,
];
export { WeeklyReportMails };
