import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  identityEvents,
  identityRequests,
  type EventEnvelope,
  type PayloadOf,
  type UpdateProfileInput,
} from '@castbase/contracts';
import { waitFor } from '@castbase/platform-testing';
import { startAccountsTestApp, type AccountsTestApp } from '../testing/accounts-test-app.js';

type UsernameChanged = EventEnvelope<PayloadOf<typeof identityEvents.usernameChanged>>;

describe('identity service: a username change is announced (identity.user.username-changed)', () => {
  let app: AccountsTestApp;
  const announced: UsernameChanged[] = [];

  beforeAll(async () => {
    app = await startAccountsTestApp();
    await app.bus.consume(
      `username-changes-${randomUUID()}`,
      [identityEvents.usernameChanged],
      async (envelope) => {
        announced.push(envelope);
      },
    );
  });

  afterAll(async () => {
    await app?.stop();
  });

  const updateProfile = (userId: string, input: UpdateProfileInput) =>
    app.bus.request(identityRequests.updateProfile, { userId, input });
  const outboxRows = (userId: string) =>
    app.rows(`select payload from identity.outbox_messages where subject = ? and payload->>'userId' = ?`, [
      identityEvents.usernameChanged.subject,
      userId,
    ]);

  it('announces the new and the previous username, written to the outbox with the change', async () => {
    const userId = app.newUser();
    const previousUsername = app.newUsername('before');
    await app.createProfile(userId, { username: previousUsername });
    const username = app.newUsername('after');

    await updateProfile(userId, { username });

    expect(await outboxRows(userId)).toEqual([{ payload: { userId, username, previousUsername } }]);
    await waitFor('the announcement to be delivered', () =>
      announced.some((envelope) => envelope.payload.userId === userId),
    );
    expect(announced.filter((envelope) => envelope.payload.userId === userId).map((e) => e.payload)).toEqual([
      { userId, username, previousUsername },
    ]);
  });

  it('announces nothing when the username is saved unchanged or other fields change', async () => {
    const userId = app.newUser();
    const username = app.newUsername('steady');
    await app.createProfile(userId, { username });

    await updateProfile(userId, { username, bio: 'Still me' });
    await updateProfile(userId, { displayName: 'Ada L.' });

    expect(await outboxRows(userId)).toEqual([]);
  });

  it('announces nothing when the new username is taken (the save is refused)', async () => {
    const taken = app.newUsername('taken');
    await app.createProfile(app.newUser(), { username: taken });
    const userId = app.newUser();
    await app.createProfile(userId, { username: app.newUsername('mine') });

    await expect(updateProfile(userId, { username: taken })).rejects.toMatchObject({
      code: 'USERNAME_TAKEN',
    });

    expect(await outboxRows(userId)).toEqual([]);
  });
});
