import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ERASING_SERVICES,
  identityRequests,
  type DeletionStatus,
  type ErasingService,
} from '@castbase/contracts';
import type { BusSubscription } from '@castbase/platform-messaging';
import { waitFor } from '@castbase/platform-testing';
import { LocalAccounts } from '../oidc/accounts/local-accounts.js';
import { startAccountsTestApp, type AccountsTestApp } from '../testing/accounts-test-app.js';

const ALL_STEPS = [...ERASING_SERVICES, 'identity'];

async function deletionOf(app: AccountsTestApp, userId: string): Promise<DeletionStatus | null> {
  return (await app.bus.request(identityRequests.getDeletion, { userId })).deletion;
}

/** Waits until the user's deletion satisfies `ready`, and answers it. */
function deletionWhen(
  app: AccountsTestApp,
  userId: string,
  description: string,
  ready: (deletion: DeletionStatus) => boolean,
) {
  return waitFor(`the deletion to be ${description}`, async () => {
    const deletion = await deletionOf(app, userId);
    return deletion && ready(deletion) ? deletion : undefined;
  });
}

/** A user with a profile (unique e-mail, so a search for it finds only theirs) and saved settings. */
async function userWithData(app: AccountsTestApp) {
  const userId = app.newUser();
  const email = `erase-${randomUUID()}@example.com`;
  await app.createProfile(userId, { email });
  await app.bus.request(identityRequests.updateSettings, {
    userId,
    input: { appearance: { theme: 'dark' } },
  });
  return { userId, email };
}

describe('identity service: the account deletion saga', () => {
  let app: AccountsTestApp;
  const erasers: BusSubscription[] = [];

  /** Every other service, answering for this user. */
  async function startEveryErasingService(
    userId: string,
    services: readonly ErasingService[] = ERASING_SERVICES,
  ) {
    for (const service of services)
      erasers.push(await app.startErasingService(service, userId, { [`${service}Rows`]: 2 }));
  }

  beforeAll(async () => {
    app = await startAccountsTestApp();
  });

  afterAll(async () => {
    await Promise.all(erasers.map((eraser) => eraser.stop()));
    await app?.stop();
  });

  it('starts in progress with a pending step per service, identity last, and asks every service to erase', async () => {
    const { userId } = await userWithData(app);

    const started = await app.bus.request(identityRequests.requestDeletion, { userId });

    expect(started).toMatchObject({ status: 'in_progress', attempts: 1, completedAt: null });
    expect(started.steps).toEqual(
      ALL_STEPS.map((service) => ({ service, status: 'pending', removed: {}, completedAt: null })),
    );
    const event = await waitFor('the deletion request event', () =>
      app.deletionRequests.find((request) => request.payload.deletionId === started.deletionId),
    );
    expect(event.payload).toEqual({
      deletionId: started.deletionId,
      userId,
      requestedAt: started.requestedAt,
    });
  });

  it('answers the running deletion, and asks no one again, when deletion is requested twice', async () => {
    const { userId } = await userWithData(app);
    const first = await app.bus.request(identityRequests.requestDeletion, { userId });

    const [second, third] = await Promise.all([
      app.bus.request(identityRequests.requestDeletion, { userId }),
      app.bus.request(identityRequests.requestDeletion, { userId }),
    ]);

    expect(second.deletionId).toBe(first.deletionId);
    expect(third.deletionId).toBe(first.deletionId);
    const rows = await app.rows(`select id from identity.account_deletions where user_id = ?`, [userId]);
    expect(rows).toHaveLength(1);
  });

  it('refuses profile and settings changes while the account is being deleted with DELETION_IN_PROGRESS', async () => {
    const { userId } = await userWithData(app);
    await app.bus.request(identityRequests.requestDeletion, { userId });

    await expect(
      app.bus.request(identityRequests.updateProfile, { userId, input: { bio: 'still here' } }),
    ).rejects.toMatchObject({ code: 'DELETION_IN_PROGRESS', message: 'Your account is being deleted' });
    await expect(
      app.bus.request(identityRequests.updateSettings, { userId, input: { appearance: { theme: 'light' } } }),
    ).rejects.toMatchObject({ code: 'DELETION_IN_PROGRESS' });
  });

  it('completes once every service reported: identity erases its own part last and keeps no trace of the user id or e-mail', async () => {
    const { userId, email } = await userWithData(app);
    const started = await app.bus.request(identityRequests.requestDeletion, { userId });
    expect(Object.keys(await app.identityTablesContaining(userId))).toEqual(
      expect.arrayContaining(['user_profiles', 'user_settings', 'account_deletions', 'outbox_messages']),
    );

    await startEveryErasingService(userId);
    const completed = await deletionWhen(
      app,
      userId,
      'completed',
      (deletion) => deletion.status === 'completed',
    );

    expect(completed).toMatchObject({ deletionId: started.deletionId, completedAt: expect.any(String) });
    expect(completed.steps.every((step) => step.status === 'done')).toBe(true);
    expect(completed.steps.find((step) => step.service === 'catalog')?.removed).toEqual({ catalogRows: 2 });
    expect(completed.steps.find((step) => step.service === 'identity')?.removed).toMatchObject({
      profiles: 1,
      settings: 1,
      events: 1,
    });
    expect(await app.bus.request(identityRequests.getProfile, { userId })).toEqual({ profile: null });
    expect((await app.bus.request(identityRequests.getSettings, { userId })).updatedAt).toBeNull();
    expect(await app.identityTablesContaining(userId)).toEqual({});
    expect(await app.identityTablesContaining(email)).toEqual({});
  });

  it('erases the local sign-in account of a creator who signed up with the built-in provider', async () => {
    const email = `local-${randomUUID()}@example.com`;
    const account = await app.identity.get(LocalAccounts).create(email, 'a long enough password 1');
    if (account === 'email-taken') throw new Error('the e-mail is new to this test');
    await app.createProfile(account.id, { email });
    await startEveryErasingService(account.id);

    await app.bus.request(identityRequests.requestDeletion, { userId: account.id });

    const completed = await deletionWhen(
      app,
      account.id,
      'completed',
      (deletion) => deletion.status === 'completed',
    );
    expect(completed.steps.find((step) => step.service === 'identity')?.removed).toMatchObject({
      accounts: 1,
      profiles: 1,
    });
    expect(await app.identity.get(LocalAccounts).findByEmail(email)).toBeNull();
    expect(await app.identityTablesContaining(account.id)).toEqual({});
    expect(await app.identityTablesContaining(email)).toEqual({});
  });

  it('keeps the first report of a service, and ignores reports after completion and for unknown deletions', async () => {
    const { userId } = await userWithData(app);
    const { deletionId } = await app.bus.request(identityRequests.requestDeletion, { userId });

    await app.publishErasure('catalog', deletionId, { podcasts: 3 });
    await deletionWhen(app, userId, 'confirmed by catalog', (deletion) =>
      deletion.steps.some((step) => step.service === 'catalog' && step.status === 'done'),
    );
    await app.processed(await app.publishErasure('catalog', deletionId, { podcasts: 0 }));
    const unknownDeletionId = randomUUID();
    await app.processed(await app.publishErasure('catalog', unknownDeletionId, { podcasts: 9 }));
    await Promise.all(
      ERASING_SERVICES.filter((service) => service !== 'catalog').map((service) =>
        app.publishErasure(service, deletionId, {}),
      ),
    );
    const completed = await deletionWhen(
      app,
      userId,
      'completed',
      (deletion) => deletion.status === 'completed',
    );
    await app.processed(await app.publishErasure('media', deletionId, { files: 7 }));

    expect(completed.steps.find((step) => step.service === 'catalog')?.removed).toEqual({ podcasts: 3 });
    expect(await deletionOf(app, userId)).toEqual(completed);
    expect(
      await app.rows(`select 1 from identity.account_deletions where id = ?`, [unknownDeletionId]),
    ).toEqual([]);
  });

  it('completes exactly once when every service reports at the same moment', async () => {
    const { userId } = await userWithData(app);
    const { deletionId } = await app.bus.request(identityRequests.requestDeletion, { userId });

    await Promise.all(
      ERASING_SERVICES.map((service) => app.publishErasure(service, deletionId, { rows: 1 })),
    );

    const completed = await deletionWhen(
      app,
      userId,
      'completed',
      (deletion) => deletion.status === 'completed',
    );
    expect(completed.steps.map((step) => step.status)).toEqual(ALL_STEPS.map(() => 'done'));
    expect(await app.identityTablesContaining(userId)).toEqual({});
  });

  it('finds the deletion by the hash of the user id once the profile is gone, and starts a new one when asked again', async () => {
    const { userId } = await userWithData(app);
    const first = await app.bus.request(identityRequests.requestDeletion, { userId });
    await Promise.all(ERASING_SERVICES.map((service) => app.publishErasure(service, first.deletionId, {})));
    await deletionWhen(app, userId, 'completed', (deletion) => deletion.status === 'completed');

    const [stored] = await app.rows(
      `select subject_hash, user_id from identity.account_deletions where id = ?`,
      [first.deletionId],
    );
    expect(stored).toEqual({ subject_hash: expect.stringMatching(/^[0-9a-f]{64}$/), user_id: null });

    const second = await app.bus.request(identityRequests.requestDeletion, { userId });
    expect(second.deletionId).not.toBe(first.deletionId);
    expect((await deletionOf(app, userId))?.deletionId).toBe(second.deletionId);
  });

  it('retries by asking every service again: attempts + 1 and a new event for the same deletion', async () => {
    const { userId } = await userWithData(app);
    const started = await app.bus.request(identityRequests.requestDeletion, { userId });

    const retried = await app.bus.request(identityRequests.retryDeletion, { userId });

    expect(retried).toMatchObject({ deletionId: started.deletionId, attempts: 2, status: 'in_progress' });
    const events = await waitFor('two deletion request events', () => {
      const found = app.deletionRequests.filter(
        (request) => request.payload.deletionId === started.deletionId,
      );
      return found.length === 2 ? found : undefined;
    });
    expect(new Set(events.map((event) => event.id)).size).toBe(2);
    expect(events.map((event) => event.payload)).toEqual([
      { deletionId: started.deletionId, userId, requestedAt: started.requestedAt },
      { deletionId: started.deletionId, userId, requestedAt: started.requestedAt },
    ]);
  });

  it('leaves a completed deletion as it is on retry', async () => {
    const { userId } = await userWithData(app);
    const { deletionId } = await app.bus.request(identityRequests.requestDeletion, { userId });
    await Promise.all(ERASING_SERVICES.map((service) => app.publishErasure(service, deletionId, {})));
    const completed = await deletionWhen(
      app,
      userId,
      'completed',
      (deletion) => deletion.status === 'completed',
    );

    expect(await app.bus.request(identityRequests.retryDeletion, { userId })).toEqual(completed);
    expect(await app.identityTablesContaining(userId)).toEqual({});
  });

  it('answers DELETION_NOT_FOUND to a retry without a deletion, and null to the status of one never asked for', async () => {
    const userId = app.newUser();
    await expect(app.bus.request(identityRequests.retryDeletion, { userId })).rejects.toMatchObject({
      code: 'DELETION_NOT_FOUND',
      message: 'No account deletion is in progress',
    });
    expect(await deletionOf(app, userId)).toBeNull();
  });

  it("touches only the caller's deletion", async () => {
    const alice = await userWithData(app);
    const bob = await userWithData(app);
    await app.bus.request(identityRequests.requestDeletion, { userId: alice.userId });

    expect(await deletionOf(app, bob.userId)).toBeNull();
    await expect(
      app.bus.request(identityRequests.retryDeletion, { userId: bob.userId }),
    ).rejects.toMatchObject({
      code: 'DELETION_NOT_FOUND',
    });
    expect(
      (await app.bus.request(identityRequests.getProfile, { userId: bob.userId })).profile,
    ).not.toBeNull();
  });
});

describe('identity service: a deletion past its confirmation window', () => {
  let app: AccountsTestApp;
  const erasers: BusSubscription[] = [];

  beforeAll(async () => {
    // A window of 0: any deletion with a pending step reads as partial at once.
    app = await startAccountsTestApp({ confirmationWindowMs: 0 });
  });

  afterAll(async () => {
    await Promise.all(erasers.map((eraser) => eraser.stop()));
    await app?.stop();
  });

  it('reads partial while a service has not confirmed, and completes when that service, down until now, is back', async () => {
    const { userId } = await userWithData(app);
    const upServices = ERASING_SERVICES.filter((service) => service !== 'social');
    for (const service of upServices) erasers.push(await app.startErasingService(service, userId));

    await app.bus.request(identityRequests.requestDeletion, { userId });
    const partial = await deletionWhen(app, userId, 'waiting for social only', (deletion) =>
      deletion.steps.every((step) => step.status === 'done' || ['social', 'identity'].includes(step.service)),
    );
    expect(partial.status).toBe('partial');
    expect(partial.steps.filter((step) => step.status === 'pending').map((step) => step.service)).toEqual([
      'social',
      'identity',
    ]);
    expect((await app.bus.request(identityRequests.getProfile, { userId })).profile).not.toBeNull();

    erasers.push(await app.startErasingService('social', userId));

    const completed = await deletionWhen(
      app,
      userId,
      'completed',
      (deletion) => deletion.status === 'completed',
    );
    expect(completed.steps.every((step) => step.status === 'done')).toBe(true);
    expect(await app.identityTablesContaining(userId)).toEqual({});
  });
});
