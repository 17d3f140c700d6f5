import { html, trustedHtml } from './html.js';
import { layout, type PageContext } from './layout.js';

/**
 * Sign-out without a question: oidc-provider's confirmation form, submitted by a same-origin script as the page
 * loads (with a button for browsers without JavaScript).
 */
export function signingOutPage(context: PageContext, providerForm: string): string {
  const form = providerForm
    .replace('<form ', '<form data-auto-submit ')
    .replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  return layout(context, {
    title: 'Signing out',
    scripts: [`${context.mountPath}/assets/auto-submit.js`],
    body: html`<h1>Signing you out…</h1>
      ${trustedHtml(form)}
      <p class="lead">This takes a moment. If nothing happens, press the button.</p>
      <button class="button" type="submit" form="op.logoutForm">Sign out</button>`,
  });
}

export function signedOutPage(context: PageContext): string {
  return layout(context, {
    title: 'Signed out',
    body: html`<h1>You're signed out</h1>
      <a class="button" href="${context.homeHref}">Back to Castbase</a>`,
  });
}

export function expiredInteractionPage(context: PageContext): string {
  return layout(context, {
    title: 'Page expired',
    body: html`<h1>This page has expired</h1>
      <p>Sign-in pages work for one hour in the browser that opened them. Please start again.</p>
      <a class="button" href="${context.homeHref}">Back to Castbase</a>`,
  });
}

export function errorPage(context: PageContext, message: string): string {
  return layout(context, {
    title: 'Something went wrong',
    body: html`<h1>Something went wrong</h1>
      <p role="alert">${message}</p>
      <a class="button" href="${context.homeHref}">Back to Castbase</a>`,
  });
}
