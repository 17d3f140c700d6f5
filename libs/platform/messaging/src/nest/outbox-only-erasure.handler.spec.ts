import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EntityManager } from '@mikro-orm/postgresql';
import { Module } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { pino } from 'pino';
import {
  ALL_EVENTS,
  identityEvents,
  userDataErasedEvents,
  type EventEnvelope,
  type UserDataErased,
} from '@castbase/contracts';
import { PersistenceModule } from '@castbase/platform-persistence';
import { createTestDatabase, waitFor, type TestDatabase } from '@castbase/platform-testing';
import { InProcessBus } from '../in-process/in-process-bus.js';
import { MessageBus } from '../message-bus.js';
import { MESSAGING_ENTITIES, MESSAGING_MIGRATION } from '../outbox/messaging-schema.js';
import { MessagingModule } from './messaging.module.js';
import { outboxOnlyErasureHandler } from './outbox-only-erasure.handler.js';

/** The services that hold no user data of their own yet, as their modules wire them. */
function serviceModule(service: 'social' | 'monetization') {
  @Module({
    imports: [
      PersistenceModule.forService({
        service,
        entities: [...MESSAGING_ENTITIES],
        migrations: [MESSAGING_MIGRATION],
      }),
      MessagingModule.forService({
        service,
        requestHandlers: [],
        eventHandlers: [outboxOnlyErasureHandler(service)],
      }),
    ],
  })
  class ServiceModule {}
  return ServiceModule;
}

describe.each(['social', 'monetization'] as const)(
  '%s service: erasing a user on account deletion',
  (service) => {
    const ServiceModule = serviceModule(service);
    let database: TestDatabase;
    let app: TestingModule;
    let bus: MessageBus;
    const reports: Array<EventEnvelope<UserDataErased>> = [];

    const rows = (sql: string, parameters: unknown[] = []) =>
      app
        .select(ServiceModule)
        .get(EntityManager)
        .getConnection()
        .execute<Array<Record<string, unknown>>>(sql, parameters);

    /** An outbox row the relay has already published, as the service's features will write them. */
    async function publishedOutboxRow(payload: unknown): Promise<string> {
      const id = randomUUID();
      await rows(
        `insert into ${service}.outbox_messages (id, subject, payload, headers, occurred_at, published_at, attempts)
       values (?, '${service}.thing.happened', ?, '{}', now(), now(), 1)`,
        [id, JSON.stringify(payload)],
      );
      return id;
    }

    /** Publishes `identity.user.deletion-requested` and answers the service's report of it. */
    async function requestDeletion(userId: string, deletionId: string): Promise<UserDataErased> {
      const reported = reports.length;
      const requestedAt = new Date().toISOString();
      await bus.publish({
        id: randomUUID(),
        subject: identityEvents.userDeletionRequested.subject,
        occurredAt: requestedAt,
        payload: { deletionId, userId, requestedAt },
      });
      return (await waitFor(`${service}.user-data.erased`, () => reports[reported])).payload;
    }

    beforeAll(async () => {
      database = await createTestDatabase(`cbtest_${service}_erasure`);
      const silent = pino({ level: 'silent' });
      app = await Test.createTestingModule({
        imports: [
          PersistenceModule.forRoot({ url: database.url, poolMax: 4, migrateOnStart: true }),
          MessagingModule.forRoot({ bus: () => new InProcessBus({ events: ALL_EVENTS, logger: silent }) }),
          ServiceModule,
        ],
      }).compile();
      await app.init();
      bus = app.get(MessageBus);
      await bus.consume(`${service}-erasure-spec`, [userDataErasedEvents[service]], async (envelope) => {
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
        service,
        removed: { outboxMessages: 1 },
        erasedAt: expect.any(String),
      });

      const remaining = (await rows(`select id from ${service}.outbox_messages`)).map((row) => row['id']);
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
  },
);
