import type { SentMail } from '../database/sent-mail.entity.js';
import { html } from './html.js';
import { layout, type PageContext } from './layout.js';

/** The local "sent mail" page: e-mail kept in the database while no SMTP server is configured. */
export function sentMailPage(context: PageContext, mails: SentMail[]): string {
  return layout(context, {
    title: 'Sent mail',
    body: html`<h1>Sent mail</h1>
      <p class="lead">
        No SMTP server is configured (SMTP_URL), so Castbase keeps its e-mail here instead of sending it.
      </p>
      ${mails.length === 0 ? html`<p>No e-mail yet.</p>` : ''}
      ${mails.map(
        (mail) =>
          html`<article class="mail">
            <h2>${mail.subject}</h2>
            <p class="meta">
              To ${mail.toAddress} ·
              <time datetime="${mail.createdAt.toISOString()}">${mail.createdAt.toUTCString()}</time>
            </p>
            <pre>${linkify(mail.textBody)}</pre>
          </article>`,
      )}`,
  });
}

/** Plain text with its URLs as links. */
function linkify(text: string) {
  return text
    .split(/(https?:\/\/\S+)/)
    .map((part, i) => (i % 2 === 1 ? html`<a href="${part}">${part}</a>` : html`${part}`));
}
