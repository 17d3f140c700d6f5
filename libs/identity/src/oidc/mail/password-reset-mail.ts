import type { AccountMail } from './account-mailer.js';
import { html } from '../pages/html.js';

/** The e-mail with a one-time password reset link. */
export function passwordResetMail(accountId: string, to: string, link: string): AccountMail {
  const subject = 'Reset your Castbase password';
  const text = [
    `Someone asked to reset the password of the Castbase account ${to}.`,
    '',
    'Choose a new password within one hour with this link:',
    link,
    '',
    "If you didn't ask for this, ignore this e-mail: your password stays as it is.",
  ].join('\n');
  const body = html`<p>Someone asked to reset the password of the Castbase account ${to}.</p>
    <p><a href="${link}">Choose a new password</a> within one hour, or open this link: ${link}</p>
    <p>If you didn't ask for this, ignore this e-mail: your password stays as it is.</p>`;
  return { accountId, to, subject, text, html: body.toString() };
}
