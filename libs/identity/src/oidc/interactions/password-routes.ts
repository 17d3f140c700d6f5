import type { Provider } from 'oidc-provider';
import { emailSchema } from '@castbase/contracts';
import { tooManyAttemptsMessage } from '../accounts/attempt-limits.js';
import { PasswordResets } from '../accounts/password-resets.js';
import { newPasswordSchema } from '@castbase/contracts';
import type { FieldErrors } from '../pages/account-pages.js';
import type { PageContext } from '../pages/layout.js';
import {
  checkEmailPage,
  forgotPasswordPage,
  passwordChangedPage,
  resetLinkInvalidPage,
  resetPasswordPage,
} from '../pages/password-pages.js';
import { currentInteraction, interactionLinks } from './interaction-session.js';
import { clientIp, readForm, sendHtml, type Route, type RouteTable } from './route-table.js';

/** "Forgot password?" within a sign-in, and the page the e-mailed link opens. */
export class PasswordRoutes {
  constructor(
    private readonly provider: Provider,
    private readonly resets: PasswordResets,
    private readonly context: PageContext,
  ) {}

  register(routes: RouteTable): void {
    routes.add('GET', '/interaction/:uid/forgot-password', (route) => this.showForgot(route));
    routes.add('POST', '/interaction/:uid/forgot-password', (route) => this.forgot(route));
    routes.add('GET', '/reset-password/:token', (route) => this.showReset(route));
    routes.add('POST', '/reset-password/:token', (route) => this.reset(route));
  }

  private async showForgot(route: Route): Promise<void> {
    const interaction = await currentInteraction(this.provider, this.context, route);
    if (!interaction) return;
    const links = interactionLinks(this.context.mountPath, interaction.uid);
    sendHtml(
      route.res,
      200,
      forgotPasswordPage(this.context, { action: links.forgotPassword, signInHref: links.signIn }),
    );
  }

  private async forgot(route: Route): Promise<void> {
    const interaction = await currentInteraction(this.provider, this.context, route);
    if (!interaction) return;
    const links = interactionLinks(this.context.mountPath, interaction.uid);
    const page = { action: links.forgotPassword, signInHref: links.signIn };
    const form = await readForm(route.req);
    const email = emailSchema.safeParse(form['email'] ?? '');
    if (!email.success) {
      const fieldErrors: FieldErrors = { email: email.error.issues[0]?.message };
      return sendHtml(
        route.res,
        400,
        forgotPasswordPage(this.context, { ...page, email: form['email'], fieldErrors }),
      );
    }
    const result = await this.resets.request(email.data, clientIp(route.req));
    if (result.outcome === 'limited') {
      const error = tooManyAttemptsMessage(result.waitMs);
      return sendHtml(
        route.res,
        429,
        forgotPasswordPage(this.context, { ...page, email: form['email'], error }),
      );
    }
    sendHtml(route.res, 200, checkEmailPage(this.context, email.data, links.signIn));
  }

  private async showReset({ res, params }: Route): Promise<void> {
    const token = params['token'] ?? '';
    if (!(await this.resets.usable(token))) return sendHtml(res, 410, resetLinkInvalidPage(this.context));
    sendHtml(res, 200, resetPasswordPage(this.context, { action: this.resetAction(token) }));
  }

  private async reset(route: Route): Promise<void> {
    const token = route.params['token'] ?? '';
    const form = await readForm(route.req);
    const passwords = newPasswordSchema.safeParse({
      password: form['password'] ?? '',
      confirmPassword: form['confirmPassword'] ?? '',
    });
    if (!passwords.success) {
      const fieldErrors: FieldErrors = {};
      for (const issue of passwords.error.issues)
        fieldErrors[issue.path[0] as keyof FieldErrors] ??= issue.message;
      return sendHtml(
        route.res,
        400,
        resetPasswordPage(this.context, { action: this.resetAction(token), fieldErrors }),
      );
    }
    const result = await this.resets.reset(token, passwords.data.password, clientIp(route.req));
    switch (result.outcome) {
      case 'reset':
        return sendHtml(route.res, 200, passwordChangedPage(this.context));
      case 'invalid-link':
        return sendHtml(route.res, 410, resetLinkInvalidPage(this.context));
      case 'limited':
        return sendHtml(
          route.res,
          429,
          resetPasswordPage(this.context, {
            action: this.resetAction(token),
            error: tooManyAttemptsMessage(result.waitMs),
          }),
        );
    }
  }

  private resetAction(token: string): string {
    return `${this.context.mountPath}/reset-password/${encodeURIComponent(token)}`;
  }
}
