import type { Provider } from 'oidc-provider';
import { emailSchema } from '@castbase/contracts';
import { AttemptLimits, tooManyAttemptsMessage } from '../accounts/attempt-limits.js';
import { LocalAccounts } from '../accounts/local-accounts.js';
import { newPasswordSchema, passwordMessages } from '@castbase/contracts';
import { signInPage, signUpPage, type FieldErrors } from '../pages/account-pages.js';
import type { PageContext } from '../pages/layout.js';
import {
  currentInteraction,
  finishSignIn,
  grantConsent,
  interactionLinks,
  wantsSignUp,
  type InteractionDetails,
} from './interaction-session.js';
import { clientIp, readForm, sendHtml, type Route, type RouteTable } from './route-table.js';

/** Shown for a wrong password and for an unknown e-mail alike. */
export const WRONG_CREDENTIALS_MESSAGE = 'Incorrect email or password.';
const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Sign in instead.';

/** What a re-shown form keeps: the e-mail as typed (never a password) and the messages. */
type FormState = { email?: string; error?: string; fieldErrors?: FieldErrors };

/** The first issue's message per field of a failed zod parse. */
function fieldErrorsOf(issues: Array<{ path: PropertyKey[]; message: string }>, field?: string): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const name = (field ?? String(issue.path[0])) as keyof FieldErrors;
    errors[name] ??= issue.message;
  }
  return errors;
}

/** The sign-in and sign-up pages of an authorization request, and the automatic consent of the web app. */
export class SignInRoutes {
  constructor(
    private readonly provider: Provider,
    private readonly accounts: LocalAccounts,
    private readonly limits: AttemptLimits,
    private readonly context: PageContext,
  ) {}

  register(routes: RouteTable): void {
    routes.add('GET', '/interaction/:uid', (route) => this.start(route));
    routes.add('GET', '/interaction/:uid/sign-in', (route) => this.showSignIn(route));
    routes.add('POST', '/interaction/:uid/sign-in', (route) => this.signIn(route));
    routes.add('GET', '/interaction/:uid/sign-up', (route) => this.showSignUp(route));
    routes.add('POST', '/interaction/:uid/sign-up', (route) => this.signUp(route));
  }

  /** Where oidc-provider sends the browser: the page its prompt needs. */
  private async start(route: Route): Promise<void> {
    const interaction = await currentInteraction(this.provider, this.context, route);
    if (!interaction) return;
    if (interaction.prompt.name === 'consent') return grantConsent(this.provider, route, interaction);
    if (wantsSignUp(interaction)) return this.renderSignUp(route, interaction, 200, {});
    return this.renderSignIn(route, interaction, 200, {
      email: typeof interaction.params['login_hint'] === 'string' ? interaction.params['login_hint'] : '',
    });
  }

  private async showSignIn(route: Route): Promise<void> {
    const interaction = await currentInteraction(this.provider, this.context, route);
    if (interaction) this.renderSignIn(route, interaction, 200, {});
  }

  private async showSignUp(route: Route): Promise<void> {
    const interaction = await currentInteraction(this.provider, this.context, route);
    if (interaction) this.renderSignUp(route, interaction, 200, {});
  }

  private async signIn(route: Route): Promise<void> {
    const interaction = await currentInteraction(this.provider, this.context, route);
    if (!interaction) return;
    const form = await readForm(route.req);
    const email = emailSchema.safeParse(form['email'] ?? '');
    const password = form['password'] ?? '';
    const fieldErrors: FieldErrors = {
      ...(email.success ? {} : fieldErrorsOf(email.error.issues, 'email')),
      ...(password === '' ? { password: passwordMessages.required } : {}),
    };
    if (!email.success || password === '')
      return this.renderSignIn(route, interaction, 400, { email: form['email'], fieldErrors });
    const result = await this.accounts.signIn(email.data, password, clientIp(route.req));
    switch (result.outcome) {
      case 'signed-in':
        return finishSignIn(this.provider, route, interaction, result.accountId);
      case 'wrong-credentials':
        return this.renderSignIn(route, interaction, 401, {
          email: form['email'],
          error: WRONG_CREDENTIALS_MESSAGE,
        });
      case 'limited':
        return this.renderSignIn(route, interaction, 429, {
          email: form['email'],
          error: tooManyAttemptsMessage(result.waitMs),
        });
    }
  }

  private async signUp(route: Route): Promise<void> {
    const interaction = await currentInteraction(this.provider, this.context, route);
    if (!interaction) return;
    const form = await readForm(route.req);
    const email = emailSchema.safeParse(form['email'] ?? '');
    const passwords = newPasswordSchema.safeParse({
      password: form['password'] ?? '',
      confirmPassword: form['confirmPassword'] ?? '',
    });
    if (!email.success || !passwords.success) {
      const fieldErrors = {
        ...(email.success ? {} : fieldErrorsOf(email.error.issues, 'email')),
        ...(passwords.success ? {} : fieldErrorsOf(passwords.error.issues)),
      };
      return this.renderSignUp(route, interaction, 400, { email: form['email'], fieldErrors });
    }
    const waitMs = await this.limits.take('signUpsPerIp', clientIp(route.req));
    if (waitMs > 0)
      return this.renderSignUp(route, interaction, 429, {
        email: form['email'],
        error: tooManyAttemptsMessage(waitMs),
      });
    const account = await this.accounts.create(email.data, passwords.data.password);
    if (account === 'email-taken')
      return this.renderSignUp(route, interaction, 409, {
        email: form['email'],
        fieldErrors: { email: EMAIL_TAKEN_MESSAGE },
      });
    return finishSignIn(this.provider, route, interaction, account.id);
  }

  private renderSignIn(route: Route, interaction: InteractionDetails, status: number, form: FormState): void {
    this.render(signInPage, route, interaction, status, form);
  }

  private renderSignUp(route: Route, interaction: InteractionDetails, status: number, form: FormState): void {
    this.render(signUpPage, route, interaction, status, form);
  }

  private render(
    page: typeof signInPage | typeof signUpPage,
    { res }: Route,
    interaction: InteractionDetails,
    status: number,
    form: FormState,
  ): void {
    const links = interactionLinks(this.context.mountPath, interaction.uid);
    sendHtml(res, status, page(this.context, { links, ...form }));
  }
}
