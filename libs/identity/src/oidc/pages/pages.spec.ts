import { describe, expect, it } from '@jest/globals';
import { passwordMessages, validationMessages } from '@castbase/contracts';
import { signInPage, signUpPage } from './account-pages.js';
import { alert, field, focusedField } from './layout.js';
import { sentMailPage } from './mail-page.js';
import {
  checkEmailPage,
  forgotPasswordPage,
  passwordChangedPage,
  resetLinkInvalidPage,
  resetPasswordPage,
} from './password-pages.js';
import { errorPage, expiredInteractionPage, signedOutPage, signingOutPage } from './provider-pages.js';

// What a screen reader and a keyboard meet on every sign-in page; the browser test (tools/e2e/
// provider-pages-accessibility.e2e.ts) audits the same pages with axe-core and the Tab key.

const context = { mountPath: '/oidc', homeHref: 'https://castbase.example.com/' };
const links = { signIn: '/s', signUp: '/u', forgotPassword: '/f' };
const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait 1 minute and try again.';
const logoutForm = '<form id="op.logoutForm" method="post" action="/oidc/session/end/confirm"></form>';

/** The tags that carry `autofocus` (the page opens with focus there). */
function autofocused(markup: string): string[] {
  return [...markup.matchAll(/<\w+(?:\s[^>]*)?\sautofocus(?:\s[^>]*)?>/g)].map(([tag]) =>
    tag.replace(/\s+/g, ' ').trim(),
  );
}

describe('the sign-in pages', () => {
  it('name the browser tab distinctly on every page, after the product', () => {
    const pages = [
      signInPage(context, { links }),
      signUpPage(context, { links }),
      forgotPasswordPage(context, { action: '/f', signInHref: '/s' }),
      checkEmailPage(context, 'ada@example.com', '/s'),
      resetPasswordPage(context, { action: '/r' }),
      passwordChangedPage(context),
      resetLinkInvalidPage(context),
      sentMailPage(context, []),
      signingOutPage(context, logoutForm),
      signedOutPage(context),
      expiredInteractionPage(context),
      errorPage(context, 'invalid_request'),
    ];
    const titles = pages.map((markup) => /<title>([^<]*)<\/title>/.exec(markup)?.[1]);
    expect(titles.every((title) => title?.endsWith(' · Castbase'))).toBe(true);
    expect(new Set(titles).size).toBe(pages.length);
  });

  it('tie a field to its hint and its error, and mark it invalid', () => {
    const markup = field({
      name: 'password',
      label: 'Password',
      type: 'password',
      autocomplete: 'new-password',
      hint: 'At least 8 characters.',
      error: passwordMessages.tooShort,
    }).toString();
    expect(markup).toContain('<label for="field-password">Password</label>');
    expect(markup).toContain('aria-invalid="true"');
    expect(markup).toContain('aria-describedby="field-password-hint field-password-error"');
    expect(markup).toContain(
      `<p class="field-error" id="field-password-error">${passwordMessages.tooShort}</p>`,
    );
  });

  it('announce a form-level error as an alert in a box that takes focus, and render nothing without one', () => {
    expect(alert('Incorrect email or password.').toString()).toBe(
      '<div id="form-error" tabindex="-1" autofocus><p class="alert" role="alert">Incorrect email or password.</p></div>',
    );
    expect(alert(undefined).toString()).toBe('');
  });

  it('focus the first field in error, the alert over any field, and otherwise the first field', () => {
    const order = ['email', 'password', 'confirmPassword'] as const;
    expect(focusedField({}, order, 'email')).toBe('email');
    expect(focusedField({ fieldErrors: { confirmPassword: 'x', password: 'y' } }, order, 'email')).toBe(
      'password',
    );
    expect(focusedField({ error: TOO_MANY_ATTEMPTS, fieldErrors: { email: 'x' } }, order, 'email')).toBe(
      undefined,
    );
  });

  it('open each form with focus in exactly one place: the first field in error or the alert', () => {
    const mismatch = { confirmPassword: passwordMessages.mismatch };
    expect(
      autofocused(signUpPage(context, { links, email: 'ada@example.com', fieldErrors: mismatch })),
    ).toEqual([expect.stringContaining('id="field-confirmPassword"')]);
    expect(autofocused(signInPage(context, { links, email: 'ada@example.com' }))).toEqual([
      expect.stringContaining('id="field-password"'),
    ]);
    expect(
      autofocused(
        signInPage(context, {
          links,
          email: 'ada@',
          fieldErrors: { email: validationMessages.emailInvalid },
        }),
      ),
    ).toEqual([expect.stringContaining('id="field-email"')]);
    expect(
      autofocused(
        signInPage(context, { links, email: 'ada@example.com', error: 'Incorrect email or password.' }),
      ),
    ).toEqual([expect.stringContaining('id="form-error"')]);
    expect(autofocused(resetPasswordPage(context, { action: '/r', fieldErrors: mismatch }))).toEqual([
      expect.stringContaining('id="field-confirmPassword"'),
    ]);
    expect(
      autofocused(forgotPasswordPage(context, { action: '/f', signInHref: '/s', error: TOO_MANY_ATTEMPTS })),
    ).toEqual([expect.stringContaining('id="form-error"')]);
  });
});
