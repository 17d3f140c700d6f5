import { html } from './html.js';
import { alert, field, focusedField, layout, type PageContext } from './layout.js';
import type { FieldErrors } from './account-pages.js';
import { PASSWORD_MIN_LENGTH } from '@castbase/contracts';

export interface ForgotPasswordForm {
  action: string;
  signInHref: string;
  email?: string;
  error?: string;
  fieldErrors?: FieldErrors;
}

export function forgotPasswordPage(context: PageContext, form: ForgotPasswordForm): string {
  const focused = focusedField(form, ['email'], 'email');
  return layout(context, {
    title: 'Reset your password',
    body: html`<h1>Reset your password</h1>
      <p class="lead">Enter the email of your account and we'll send you a link to choose a new password.</p>
      ${alert(form.error)}
      <form method="post" action="${form.action}" novalidate>
        ${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: form.email ?? '', error: form.fieldErrors?.email, autofocus: focused === 'email' })}
        <button class="button" type="submit">Send reset link</button>
      </form>
      <p class="footer"><a class="link" href="${form.signInHref}">Back to sign in</a></p>`,
  });
}

export function checkEmailPage(context: PageContext, email: string, signInHref: string): string {
  return layout(context, {
    title: 'Check your email',
    body: html`<h1>Check your email</h1>
      <p role="status">
        If an account exists for <strong>${email}</strong>, we've sent it a link to reset the password. The
        link works for one hour.
      </p>
      <p class="lead">Didn't get it? Check your spam folder, or try again in a few minutes.</p>
      <a class="button" href="${signInHref}">Back to sign in</a>`,
  });
}

export interface ResetPasswordForm {
  action: string;
  error?: string;
  fieldErrors?: FieldErrors;
}

export function resetPasswordPage(context: PageContext, form: ResetPasswordForm): string {
  const errors = form.fieldErrors ?? {};
  const focused = focusedField(form, ['password', 'confirmPassword'], 'password');
  return layout(context, {
    title: 'Choose a new password',
    body: html`<h1>Choose a new password</h1>
      ${alert(form.error)}
      <form method="post" action="${form.action}" novalidate>
        ${field({ name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', error: errors.password, hint: `At least ${PASSWORD_MIN_LENGTH} characters.`, autofocus: focused === 'password' })}
        ${field({ name: 'confirmPassword', label: 'Confirm new password', type: 'password', autocomplete: 'new-password', error: errors.confirmPassword, autofocus: focused === 'confirmPassword' })}
        <button class="button" type="submit">Set new password</button>
      </form>`,
  });
}

export function passwordChangedPage(context: PageContext): string {
  return layout(context, {
    title: 'Password changed',
    body: html`<h1>Password changed</h1>
      <p role="status">
        Your password has been changed and you've been signed out everywhere. Sign in with your new password.
      </p>
      <a class="button" href="${context.homeHref}">Continue to Castbase</a>`,
  });
}

export function resetLinkInvalidPage(context: PageContext): string {
  return layout(context, {
    title: 'Link expired',
    body: html`<h1>This link no longer works</h1>
      <p>Password reset links work once, for one hour. Ask for a new one from the sign-in page.</p>
      <a class="button" href="${context.homeHref}">Go to Castbase</a>`,
  });
}
