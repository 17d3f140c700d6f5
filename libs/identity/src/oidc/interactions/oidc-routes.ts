import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { Provider } from 'oidc-provider';
import type { AppConfig } from '@castbase/platform-config';
import { AttemptLimits } from '../accounts/attempt-limits.js';
import { LocalAccounts } from '../accounts/local-accounts.js';
import { PasswordResets } from '../accounts/password-resets.js';
import { SentMail } from '../database/sent-mail.entity.js';
import { AUTO_SUBMIT_JS, SIGN_IN_CSS } from '../pages/assets.js';
import type { PageContext } from '../pages/layout.js';
import { sentMailPage } from '../pages/mail-page.js';
import { OIDC_CONFIG, OIDC_PROVIDER, OIDC_SETTINGS } from '../provider/oidc-tokens.js';
import type { ProviderSettings } from '../provider/provider-settings.js';
import { PasswordRoutes } from './password-routes.js';
import { RouteTable, sendAsset, sendHtml, type HttpRequest } from './route-table.js';
import { SignInRoutes } from './sign-in-routes.js';
import type { ServerResponse } from 'node:http';

/** Whether /oidc/mail shows the e-mail kept in the database: only without SMTP, and only where enabled. */
function localMailPageEnabled(config: AppConfig): boolean {
  return !config.SMTP_URL && config.LOCAL_MAIL_PAGE === true;
}

/** The provider's own pages below its mount path: assets, sign-in, sign-up, password reset, local mail. */
@Injectable()
export class OidcRoutes {
  readonly context: PageContext;
  /** Whether /mail lists the e-mail kept in the database. */
  readonly showsLocalMail: boolean;
  private readonly routes = new RouteTable();

  constructor(
    @Inject(OIDC_PROVIDER) provider: Provider | null,
    @Inject(OIDC_SETTINGS) settings: ProviderSettings,
    @Inject(OIDC_CONFIG) config: AppConfig,
    @Inject(AttemptLimits) limits: AttemptLimits,
    accounts: LocalAccounts,
    resets: PasswordResets,
    private readonly em: EntityManager,
  ) {
    this.context = { mountPath: settings.mountPath, homeHref: `${settings.publicUrl}/` };
    this.routes.add('GET', '/assets/castbase.css', async ({ res }) =>
      sendAsset(res, 'text/css', SIGN_IN_CSS),
    );
    this.routes.add('GET', '/assets/auto-submit.js', async ({ res }) =>
      sendAsset(res, 'text/javascript', AUTO_SUBMIT_JS),
    );
    if (provider) {
      new SignInRoutes(provider, accounts, limits, this.context).register(this.routes);
      new PasswordRoutes(provider, resets, this.context).register(this.routes);
    }
    this.showsLocalMail = localMailPageEnabled(config);
    if (this.showsLocalMail) this.routes.add('GET', '/mail', ({ res }) => this.mail(res));
  }

  dispatch(req: HttpRequest, res: ServerResponse): Promise<boolean> {
    return this.routes.dispatch(req, res);
  }

  private async mail(res: ServerResponse): Promise<void> {
    const mails = await this.em.fork().find(SentMail, {}, { orderBy: { createdAt: 'desc' }, limit: 50 });
    sendHtml(res, 200, sentMailPage(this.context, mails));
  }
}
