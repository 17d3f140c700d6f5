import { html } from './html.js';
import { alert, field, focusedField, layout, type PageContext } from './layout.js';
import { PASSWORD_MIN_LENGTH } from '@castbase/contracts';

export type FieldErrors = Partial<Record<'email' | 'password' | 'confirmPassword', string>>;

export interface InteractionLinks {
  signIn: string;
  signUp: string;
  forgotPassword: string;
}

export interface SignInForm {
  links: InteractionLinks;
  email?: string;
  error?: string;
  fieldErrors?: FieldErrors;
  notice?: string;
}

export function signInPage(context: PageContext, form: SignInForm): string {
  const errors = form.fieldErrors ?? {};
  const focused = focusedField(form, ['email', 'password'], form.email ? 'password' : 'email');
  return layout(context, {
    title: 'Sign in',
    body: html`<h1>Sign in</h1>
      <p class="lead">Welcome back. Sign in to manage your podcasts.</p>
      ${form.notice ? html`<p class="notice" role="status">${form.notice}</p>` : ''} ${alert(form.error)}
      <form method="post" action="${form.links.signIn}" novalidate>
        ${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'username', value: form.email ?? '', error: errors.email, autofocus: focused === 'email' })}
        ${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', error: errors.password, autofocus: focused === 'password' })}
        <div class="row"><a class="link" href="${form.links.forgotPassword}">Forgot password?</a></div>
        <button class="button" type="submit">Sign in</button>
      </form>
      <p class="footer">
        New to Castbase? <a class="link" href="${form.links.signUp}">Create an account</a>
      </p>`,
  });
}

export interface SignUpForm {
  links: InteractionLinks;
  email?: string;
  error?: string;
  fieldErrors?: FieldErrors;
}

export function signUpPage(context: PageContext, form: SignUpForm): string {
  const errors = form.fieldErrors ?? {};
  const focused = focusedField(form, ['email', 'password', 'confirmPassword'], 'email');
  return layout(context, {
    title: 'Create your account',
    body: html`<h1>Create your account</h1>
      <p class="lead">Start hosting and publishing your podcast.</p>
      ${alert(form.error)}
      <form method="post" action="${form.links.signUp}" novalidate>
        ${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: form.email ?? '', error: errors.email, autofocus: focused === 'email' })}
        ${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', error: errors.password, hint: `At least ${PASSWORD_MIN_LENGTH} characters.`, autofocus: focused === 'password' })}
        ${field({ name: 'confirmPassword', label: 'Confirm password', type: 'password', autocomplete: 'new-password', error: errors.confirmPassword, autofocus: focused === 'confirmPassword' })}
        <button class="button" type="submit">Create account</button>
      </form>
      <p class="footer">Already have an account? <a class="link" href="${form.links.signIn}">Sign in</a></p>`,
  });
}
