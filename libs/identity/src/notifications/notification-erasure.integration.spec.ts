import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '@castbase/platform-testing';
import { IdentityDataEraser } from '../deletion/identity-data-eraser.js';
import { html } from '../oidc/pages/html.js';
import { startAccountsTestApp, type AccountsTestApp } from '../testing/accounts-test-app.js';
import { NotificationMails } from './notification-mails.js';

/**
 * Without an SMTP server, notification e-mails are kept for the local mail page (`sent_mail`), which knows them by
 * address only: the account deletion's identity step takes them with the queue's rows, so nothing of the person stays.
 */
describe('notification e-mails and the account deletion', () => {
  let app: AccountsTestApp;

  beforeAll(async () => {
    app = await startAccountsTestApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('erases the queued notification e-mails and the kept copies of a deleted account, and no one else’s', async () => {
    const [leaving, staying] = [app.newUser(), app.newUser()];
    const addresses = {
      [leaving]: `leaving-${randomUUID()}@example.com`,
      [staying]: `staying-${randomUUID()}@example.com`,
    };
    for (const userId of [leaving, staying]) {
      await app.createProfile(userId, { email: addresses[userId] });
      await app.em().transactional((em) =>
        app.identity.get(NotificationMails).queue(em, {
          userId,
          kind: 'episodePublished',
          dedupeKey: randomUUID(),
          content: { subject: 'Episode live', text: ['It is live.'], html: [html`<p>It is live.</p>`] },
        }),
      );
    }
    await waitFor('both e-mails kept for the local mail page', async () => {
      const kept = await app.rows('select to_address from identity.sent_mail where to_address in (?, ?)', [
        addresses[leaving],
        addresses[staying],
      ]);
      return kept.length === 2;
    });

    const removed = await app
      .em()
      .transactional((em) => app.identity.get(IdentityDataEraser).erase(em, leaving));

    expect(removed).toMatchObject({ profiles: 1, notificationMails: 1, keptNotificationMails: 1 });
    expect(await app.identityTablesContaining(addresses[leaving]!)).toEqual({});
    expect(await app.identityTablesContaining(leaving)).toEqual({});
    expect(await app.identityTablesContaining(addresses[staying]!)).toMatchObject({
      notification_mails: 1,
      sent_mail: 1,
    });
  });
});
