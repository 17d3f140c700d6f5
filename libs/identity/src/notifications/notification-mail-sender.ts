import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AccountMailer } from '../oidc/mail/account-mailer.js';
import { NotificationMail } from './notification-mail.entity.js';

/** How often the queue is looked at without being woken (a replica's queued mail, a retry that is due). */
const POLL_INTERVAL_MS = 5_000;
/** E-mails sent per transaction: each replica locks its own (`skip locked`), so two never send the same one. */
const BATCH_SIZE = 20;
/** A failed e-mail is tried again after 1, 2, 4 … minutes, at most every 6 hours, and given up after a week of tries. */
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 6 * 60 * 60_000;
const MAX_ATTEMPTS = 40;

/**
 * Sends the queued notification e-mails (NotificationMails) through the account mailer: SMTP when SMTP_URL is set,
 * else the database's sent mail (the local mail page). Woken when a transaction that queued one commits, and every
 * few seconds; each e-mail is locked while it is sent, so with several replicas each goes once.
 */
@Injectable()
export class NotificationMailSender implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('identity:notifications');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly em: EntityManager,
    private readonly mailer: AccountMailer,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.wake(), POLL_INTERVAL_MS);
    this.timer.unref();
    this.wake();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Sends what is due now; a wake while sending sends again after. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.sendDue()
      .catch((error: unknown) =>
        this.logger.warn(
          `notification e-mails not sent: ${error instanceof Error ? error.message : String(error)}`,
        ),
      )
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async sendDue(): Promise<void> {
    while (!this.stopped && (await this.sendBatch()) === BATCH_SIZE);
  }

  /** Sends one batch of due e-mails; answers how many it took. */
  private async sendBatch(): Promise<number> {
    return this.em.fork().transactional(async (em) => {
      const due = await em.find(
        NotificationMail,
        { sentAt: null, nextAttemptAt: { $lte: new Date() } },
        {
          orderBy: { nextAttemptAt: 'asc' },
          limit: BATCH_SIZE,
          lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE,
        },
      );
      for (const mail of due) await this.send(mail);
      await em.flush();
      return due.length;
    });
  }

  private async send(mail: NotificationMail): Promise<void> {
    try {
      await this.mailer.send({
        accountId: null,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
        headers: {
          'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      mail.sentAt = new Date();
      mail.lastError = null;
    } catch (error) {
      mail.attempts += 1;
      mail.lastError = error instanceof Error ? error.message : String(error);
      if (mail.attempts >= MAX_ATTEMPTS) {
        // Given up: kept as sent-never, with its last error, until its user is erased.
        mail.nextAttemptAt = new Date('9999-12-31T00:00:00Z');
        this.logger.error(`gave up on "${mail.subject}" to user ${mail.userId}: ${mail.lastError}`);
        return;
      }
      const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (mail.attempts - 1));
      mail.nextAttemptAt = new Date(Date.now() + delay);
      this.logger.warn(`"${mail.subject}" not sent (attempt ${mail.attempts}): ${mail.lastError}`);
    }
  }
}
