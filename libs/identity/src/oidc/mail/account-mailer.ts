import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from '@castbase/platform-config';
import { SentMail } from '../database/sent-mail.entity.js';
import { OIDC_CONFIG } from '../provider/oidc-tokens.js';

export interface AccountMail {
  /** The local account it is about (its sent-mail row is erased with the account); null for other mail. */
  accountId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** More headers (a notification's List-Unsubscribe); kept only when the mail leaves by SMTP. */
  headers?: Record<string, string>;
}

/**
 * Account e-mail: through SMTP_URL when set, else kept in the `sent_mail` table (and shown on /oidc/mail where
 * that page is enabled). Deliveries run in the background so a request's timing does not depend on them.
 */
@Injectable()
export class AccountMailer implements OnApplicationShutdown {
  private readonly logger = new Logger('identity:mail');
  private readonly transport: Transporter | undefined;
  private readonly from: string;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly em: EntityManager,
    @Inject(OIDC_CONFIG) config: AppConfig,
  ) {
    this.from = config.MAIL_FROM;
    this.transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : undefined;
  }

  /** Whether mail leaves the process (SMTP), rather than being kept in the database. */
  delivers(): boolean {
    return this.transport !== undefined;
  }

  /** Where mail goes, for the start-up log. */
  describe(): string {
    return this.transport ? 'SMTP' : 'kept in identity.sent_mail';
  }

  /** Starts delivering; never throws (a failure is logged). */
  sendInBackground(mail: AccountMail): void {
    const delivery = this.send(mail).catch((error: unknown) =>
      this.logger.error(
        `could not send "${mail.subject}": ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
    this.pending.add(delivery);
    void delivery.finally(() => this.pending.delete(delivery));
  }

  /** Delivers now: resolves once the SMTP server took the mail (or the database kept it), rejects otherwise. */
  async send(mail: AccountMail): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      });
      return;
    }
    const em = this.em.fork();
    em.create(SentMail, {
      accountId: mail.accountId,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
    });
    await em.flush();
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.pending);
    this.transport?.close();
  }
}
