import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { DomainError, defineEvent, defineRequest, type EventDefinition } from '@castbase/contracts';
import { PersistenceModule } from '@castbase/platform-persistence';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { pino } from 'pino';
import { z } from 'zod';
import { InProcessBus } from '../in-process/in-process-bus.js';
import { MessageBus } from '../message-bus.js';
import { MESSAGING_ENTITIES, MESSAGING_MIGRATION } from '../outbox/messaging-schema.js';
import { Outbox } from '../outbox/outbox.js';
import { NOTE_MIGRATION, Note } from '../testing/note.fixture.js';
import { createTestDatabase, type TestDatabase } from '@castbase/platform-testing';
import { waitFor } from '@castbase/platform-testing';
import type { EventHandler, EventHandlerContext, RequestHandler } from './message-handlers.js';
import { MessagingModule } from './messaging.module.js';

// Two fake services: alpha writes notes and announces them; beta keeps a local copy from alpha's events.
const addNote = defineRequest(
  'alpha.note.add',
  z.object({ text: z.string().min(1) }),
  z.object({ noteId: z.uuid() }),
);
const noteAdded = defineEvent('alpha.note.added', z.object({ noteId: z.uuid(), text: z.string() }));
const countCopies = defineRequest('beta.copy.count', z.object({}), z.object({ copies: z.number().int() }));
const EVENTS: readonly EventDefinition[] = [noteAdded];
const silent = pino({ level: 'silent' });

@Injectable()
class AddNoteHandler implements RequestHandler<typeof addNote> {
  readonly definition = addNote;

  constructor(
    @Inject(EntityManager) private readonly em: EntityManager,
    @Inject(Outbox) private readonly outbox: Outbox,
  ) {}

  async handle({ text }: { text: string }) {
    if (text === 'forbidden') throw new DomainError('FORBIDDEN');
    return this.em.fork().transactional(async (em) => {
      const note = em.create(Note, { id: randomUUID(), text });
      this.outbox.add(em, noteAdded, { noteId: note.id, text });
      return { noteId: note.id };
    });
  }
}

/** A provider of beta's own module, to show handlers get their dependencies from the service module. */
@Injectable()
class CopyLog {
  readonly copied: string[] = [];
}

@Injectable()
class CopyNoteHandler implements EventHandler<typeof noteAdded> {
  readonly definition = noteAdded;

  constructor(@Inject(CopyLog) private readonly log: CopyLog) {}

  async handle(
    { noteId, text }: { noteId: string; text: string },
    { em }: EventHandlerContext<typeof noteAdded>,
  ) {
    em.create(Note, { id: noteId, text: `copy of ${text}` });
    this.log.copied.push(noteId);
  }
}

@Injectable()
class CountCopiesHandler implements RequestHandler<typeof countCopies> {
  readonly definition = countCopies;

  constructor(@Inject(EntityManager) private readonly em: EntityManager) {}

  async handle() {
    return { copies: await this.em.fork().count(Note) };
  }
}

/** Declared in each service module: what that module's injector resolves EntityManager to. */
@Injectable()
class EntityManagerProbe {
  constructor(@Inject(EntityManager) readonly em: EntityManager) {}
}

const serviceDatabase = (service: string) => ({
  service,
  entities: [...MESSAGING_ENTITIES, Note],
  migrations: [MESSAGING_MIGRATION, NOTE_MIGRATION],
});

@Module({
  imports: [
    PersistenceModule.forService(serviceDatabase('alpha')),
    MessagingModule.forService({ service: 'alpha', requestHandlers: [AddNoteHandler], logger: silent }),
  ],
  providers: [AddNoteHandler, EntityManagerProbe],
})
class AlphaModule {}

@Module({
  imports: [
    PersistenceModule.forService(serviceDatabase('beta')),
    MessagingModule.forService({
      service: 'beta',
      requestHandlers: [CountCopiesHandler],
      eventHandlers: [CopyNoteHandler],
      consume: { redeliveryDelayMs: 50 },
      logger: silent,
    }),
  ],
  providers: [CopyLog, EntityManagerProbe],
})
class BetaModule {}

describe('MessagingModule with two services in one Nest app', () => {
  let database: TestDatabase;
  let app: INestApplicationContext;
  let bus: MessageBus;

  const entityManagerOf = (module: typeof AlphaModule | typeof BetaModule) =>
    app.select(module).get(EntityManagerProbe, { strict: true }).em;
  const rows = (sql: string) =>
    entityManagerOf(AlphaModule).getConnection().execute<Array<Record<string, unknown>>>(sql);

  beforeAll(async () => {
    database = await createTestDatabase('messaging');
    @Module({
      imports: [
        PersistenceModule.forRoot({ url: database.url, poolMax: 4, migrateOnStart: true }),
        MessagingModule.forRoot({ bus: () => new InProcessBus({ events: EVENTS, logger: silent }) }),
        AlphaModule,
        BetaModule,
      ],
    })
    class AppModule {}
    app = await NestFactory.createApplicationContext(AppModule, { logger: false });
    bus = app.get(MessageBus);
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('gives each service its own EntityManager, on its own schema', () => {
    const alpha = entityManagerOf(AlphaModule);
    const beta = entityManagerOf(BetaModule);

    expect(alpha).not.toBe(beta);
    expect([alpha.config.get('schema'), beta.config.get('schema')]).toEqual(['alpha', 'beta']);
  });

  it("answers each service's requests from its handlers", async () => {
    await expect(bus.request(countCopies, {})).resolves.toEqual({ copies: 0 });
    await expect(bus.request(addNote, { text: 'forbidden' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it("carries an event from one service's outbox to the other service's handler, each writing its own schema", async () => {
    const { noteId } = await bus.request(addNote, { text: 'hello' });

    await waitFor('beta to copy the note', async () => (await bus.request(countCopies, {})).copies === 1);

    expect(app.select(BetaModule).get(CopyLog).copied).toEqual([noteId]);
    expect(await rows(`select id, text from alpha.notes`)).toEqual([{ id: noteId, text: 'hello' }]);
    expect(await rows(`select id, text from beta.notes`)).toEqual([{ id: noteId, text: 'copy of hello' }]);
    const [outboxRow] = await rows(`select id, published_at from alpha.outbox_messages`);
    expect(outboxRow?.['published_at']).not.toBeNull();
    expect(await rows(`select consumer, event_id from beta.processed_events`)).toEqual([
      { consumer: 'beta', event_id: outboxRow?.['id'] },
    ]);
    expect(await rows(`select * from beta.outbox_messages`)).toEqual([]);
    expect(await rows(`select * from alpha.processed_events`)).toEqual([]);
  });

  it('stops responders, consumers and relays, then closes the bus, on shutdown', async () => {
    const closing = app;
    app = undefined as unknown as INestApplicationContext;

    await closing.close();

    await expect(bus.request(countCopies, {})).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});

describe('MessagingModule.forService without the service persistence module', () => {
  it('fails at start with a message saying what to import', async () => {
    @Module({
      imports: [MessagingModule.forService({ service: 'gamma', requestHandlers: [], logger: silent })],
    })
    class GammaModule {}
    @Module({
      imports: [
        MessagingModule.forRoot({ bus: new InProcessBus({ events: EVENTS, logger: silent }) }),
        GammaModule,
      ],
    })
    class AppModule {}

    await expect(
      NestFactory.createApplicationContext(AppModule, { logger: false, abortOnError: false }),
    ).rejects.toThrow(
      /needs an EntityManager in GammaModule: import the service's persistence module there too/,
    );
  });
});
