import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@castbase/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { pino } from 'pino';
import { InProcessBus } from '../in-process/in-process-bus.js';
import { NOTE_MIGRATION, Note, noteAdded } from '../testing/note.fixture.js';
import { createTestDatabase, type TestDatabase } from '@castbase/platform-testing';
import { openServiceOrm } from '../testing/test-orm.js';
import { waitFor } from '@castbase/platform-testing';
import { IdempotentConsumer } from './idempotent-consumer.js';
import { ProcessedEvent } from './processed-event.entity.js';

type NoteAdded = EventEnvelope<{ noteId: string; text: string }>;

const noteAddedEnvelope = (text: string): NoteAdded => ({
  id: randomUUID(),
  subject: noteAdded.subject,
  occurredAt: new Date().toISOString(),
  payload: { noteId: randomUUID(), text },
});

describe('IdempotentConsumer on PostgreSQL', () => {
  let database: TestDatabase;
  let orm: MikroORM;
  let consumer: IdempotentConsumer;
  let runs: string[];

  const writeNote = (event: NoteAdded) => async (em: EntityManager) => {
    runs.push(event.id);
    em.create(Note, { id: event.payload.noteId, text: event.payload.text });
  };
  const notes = (event: NoteAdded) => orm.em.fork().count(Note, { id: event.payload.noteId });
  const marked = (event: NoteAdded) =>
    orm.em.fork().count(ProcessedEvent, { consumer: 'search', eventId: event.id });

  beforeAll(async () => {
    database = await createTestDatabase('messaging');
    orm = await openServiceOrm(database.url, 'search', [Note], [NOTE_MIGRATION]);
    consumer = new IdempotentConsumer(orm.em, 'search');
  });

  beforeEach(() => {
    runs = [];
  });

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  it('runs the handler once when the same envelope is delivered twice', async () => {
    const event = noteAddedEnvelope('twice');

    expect(await consumer.handle(event, writeNote(event))).toBe(true);
    expect(await consumer.handle(event, writeNote(event))).toBe(false);

    expect(runs).toEqual([event.id]);
    expect(await notes(event)).toBe(1);
    expect(await marked(event)).toBe(1);
  });

  it('runs the handler once when two deliveries of one envelope race', async () => {
    const event = noteAddedEnvelope('racing');

    const outcomes = await Promise.all([
      consumer.handle(event, writeNote(event)),
      consumer.handle(event, writeNote(event)),
    ]);

    expect(outcomes.sort()).toEqual([false, true]);
    expect(runs).toEqual([event.id]);
    expect(await notes(event)).toBe(1);
  });

  it("rolls back the handler's writes and the marker together when the handler fails, so a redelivery runs it", async () => {
    const event = noteAddedEnvelope('flaky');
    const failing = async (em: EntityManager) => {
      await writeNote(event)(em);
      await em.flush();
      throw new Error('downstream failed');
    };

    await expect(consumer.handle(event, failing)).rejects.toThrow('downstream failed');
    expect(await notes(event)).toBe(0);
    expect(await marked(event)).toBe(0);

    expect(await consumer.handle(event, writeNote(event))).toBe(true);
    expect(await notes(event)).toBe(1);
  });

  it('keeps processed events apart per consumer', async () => {
    const event = noteAddedEnvelope('shared');
    const other = new IdempotentConsumer(orm.em, 'analytics');

    expect(await consumer.handle(event, async () => undefined)).toBe(true);
    expect(await other.handle(event, async () => undefined)).toBe(true);
  });

  it('applies an event redelivered by the bus once', async () => {
    const bus = new InProcessBus({ events: [noteAdded], logger: pino({ level: 'silent' }) });
    const event = noteAddedEnvelope('redelivered');
    let deliveries = 0;
    // The first delivery's work commits, then the acknowledgement is lost (the handler throws afterwards).
    const subscription = await bus.consume(
      'search',
      [noteAdded],
      async (envelope) => {
        deliveries++;
        await consumer.handle(envelope, writeNote(envelope));
        if (deliveries === 1) throw new Error('crashed before the ack');
      },
      { redeliveryDelayMs: 10 },
    );
    try {
      await bus.publish(event);
      await waitFor('the redelivery', () => deliveries === 2);
    } finally {
      await subscription.stop();
      await bus.close();
    }

    expect(runs).toEqual([event.id]);
    expect(await notes(event)).toBe(1);
  });
});
