import type { IncomingMessage, ServerResponse } from 'node:http';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Provider } from 'oidc-provider';
import { FormTooLargeError, sendHtml, type HttpRequest } from '../interactions/route-table.js';
import { OidcRoutes } from '../interactions/oidc-routes.js';
import { errorPage } from '../pages/provider-pages.js';
import { sweepExpiredRows } from '../database/sweep-expired-rows.js';
import { AccountMailer } from '../mail/account-mailer.js';
import { OIDC_PROVIDER, OIDC_SETTINGS } from './oidc-tokens.js';
import type { ProviderSettings } from './provider-settings.js';

type ExpressRequest = HttpRequest & { protocol: string; host: string };
type Next = (error?: unknown) => void;
interface ExpressApp {
  use(path: string, handler: (req: ExpressRequest, res: ServerResponse, next: Next) => void): void;
}

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The provider's pages and endpoints get their own policy: scripts only from this origin (no inline ones),
 * forms may lead back to the web app's origins, never framed, no referrer (reset links carry a token).
 */
function securityHeaders(settings: ProviderSettings): Record<string, string> {
  return {
    'content-security-policy': [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      `form-action 'self' ${settings.webOrigins.join(' ')}`,
    ].join('; '),
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
  };
}

/**
 * Mounts the built-in provider on the process's Express instance at its issuer path (PUBLIC_URL/oidc): its own
 * pages first, then oidc-provider. Raw Express middleware, so Nest's guards (the gateway's JWT guard) never apply.
 */
@Injectable()
export class OidcHttpMount implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('identity:oidc');
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(OIDC_PROVIDER) private readonly provider: Provider | null,
    @Inject(OIDC_SETTINGS) private readonly settings: ProviderSettings,
    private readonly routes: OidcRoutes,
    private readonly em: EntityManager,
    private readonly mailer: AccountMailer,
  ) {}

  onModuleInit(): void {
    const http = this.adapterHost.httpAdapter as { getInstance(): ExpressApp } | undefined;
    if (!this.provider || !http) return;
    const callback = this.provider.callback();
    const headers = securityHeaders(this.settings);
    http.getInstance().use(this.settings.mountPath, (req, res, next) => {
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      // oidc-provider (Koa, proxy = true) sees exactly what Express trusts under TRUST_PROXY.
      req.headers['x-forwarded-proto'] = req.protocol;
      req.headers['x-forwarded-host'] = req.host;
      if (req.ip) req.headers['x-forwarded-for'] = req.ip;
      this.routes
        .dispatch(req, res)
        .then((handled) => (handled ? undefined : callback(req as IncomingMessage, res)))
        .catch((error: unknown) => this.fail(res, error, next));
    });
    this.sweeper = setInterval(() => {
      sweepExpiredRows(this.em).catch((error: unknown) => this.logger.warn(`sweep failed: ${String(error)}`));
    }, SWEEP_INTERVAL_MS);
    this.sweeper.unref();
    this.logger.log(
      `OpenID Connect provider at ${this.settings.issuer}; account e-mail ${this.mailer.describe()}`,
    );
    if (!this.mailer.delivers() && !this.routes.showsLocalMail)
      this.logger.warn(
        'SMTP_URL is unset: password reset and notification e-mail reach nobody (they are kept in identity.sent_mail)',
      );
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  private fail(res: ServerResponse, error: unknown, next: Next): void {
    if (res.headersSent) return next(error);
    if (error instanceof FormTooLargeError) {
      sendHtml(res, 413, errorPage(this.routes.context, 'The form was too large.'));
      return;
    }
    this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    sendHtml(res, 500, errorPage(this.routes.context, 'Something went wrong on our side. Please try again.'));
  }
}
