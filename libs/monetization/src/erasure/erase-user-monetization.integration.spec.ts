import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EntityManager } from '@mikro-orm/postgresql';
import { Test, type TestingModule } from '@nestjs/testing';
import { pino } from 'pino';
import {
  ALL_EVENTS,
  identityEvents,
  userDataErasedEvents,
  type EventEnvelope,
  type UserDataErased,
} from '@castbase/contracts';
import { InProcessBus, MessageBus, MessagingModule } from '@castbase/platform-messaging';
import { PersistenceModule } from '@castbase/platform-persistence';
import { createTestDatabase, waitFor, type TestDatabase } from '@castbase/platform-testing';
import { MonetizationModule } from '../monetization.module.js';

describe('monetization service: erasing a user on account deletion', () => {
  let database: TestDatabase;
  let app: TestingModule;
  let bus: MessageBus;
  const reports: Array<EventEnvelope<UserDataErased>> = [];

  const rows = (sql: string, parameters: unknown[] = []) =>
    app
      .select(MonetizationModule)
      .get(EntityManager)
      .getConnection()
      .execute<Array<Record<string, unknown>>>(sql, parameters);

  /** An outbox row the relay has already published, as the monetization features will write them. */
  async function publishedOutboxRow(payload: unknown): Promise<string> {
    const id = randomUUID();
    await rows(
      `insert into monetization.outbox_messages (id, subject, payload, headers, occurred_at, published_at, attempts)
       values (?, 'monetization.thing.happened', ?, '{}', now(), now(), 1)`,
      [id, JSON.stringify(payload)],
    );
    return id;
  }

  /** Publishes `identity.user.deletion-requested` and answers monetization's report of it. */
  async function requestDeletion(userId: string, deletionId: string): Promise<UserDataErased> {
    const reported = reports.length;
    const requestedAt = new Date().toISOString();
    await bus.publish({
      id: randomUUID(),
      subject: identityEvents.userDeletionRequested.subject,
      occurredAt: requestedAt,
      payload: { deletionId, userId, requestedAt },
    });
    return (await waitFor('monetization.user-data.erased', () => reports[reported])).payload;
  }

  beforeAll(async () => {
    database = await createTestDatabase('cbtest_monetization_erasure');
    const silent = pino({ level: 'silent' });
    app = await Test.createTestingModule({
      imports: [
        PersistenceModule.forRoot({ url: database.url, poolMax: 4, migrateOnStart: true }),
        MessagingModule.forRoot({ bus: () => new InProcessBus({ events: ALL_EVENTS, logger: silent }) }),
        MonetizationModule,
      ],
    }).compile();
    await app.init();
    bus = app.get(MessageBus);
    await bus.consume('monetization-erasure-spec', [userDataErasedEvents.monetization], async (envelope) => {
      reports.push(envelope);
    });
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it("erases its outbox rows that name the user, keeps another user's, and reports how many went", async () => {
    const aboutAlice = await publishedOutboxRow({ ownerId: 'auth0|alice', note: 'x' });
    const aboutBob = await publishedOutboxRow({ ownerId: 'auth0|bob', note: 'x' });
    const deletionId = randomUUID();

    await expect(requestDeletion('auth0|alice', deletionId)).resolves.toEqual({
      deletionId,
      service: 'monetization',
      removed: { outboxMessages: 1 },
      erasedAt: expect.any(String),
    });

    const remaining = (await rows('select id from monetization.outbox_messages')).map((row) => row['id']);
    expect(remaining).not.toContain(aboutAlice);
    expect(remaining).toContain(aboutBob);
  });

  it('reports again when asked again, so a retried deletion completes', async () => {
    const deletionId = randomUUID();
    await requestDeletion('auth0|carol', deletionId);

    await expect(requestDeletion('auth0|carol', deletionId)).resolves.toMatchObject({
      deletionId,
      removed: { outboxMessages: 0 },
    });
  });
});
