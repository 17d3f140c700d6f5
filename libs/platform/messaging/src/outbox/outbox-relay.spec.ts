import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@castbase/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { pino } from 'pino';
import { InProcessBus } from '../in-process/in-process-bus.js';
import type { MessageBus, PublishOptions } from '../message-bus.js';
import { NOTE_MIGRATION, Note, noteAdded } from '../testing/note.fixture.js';
import { createTestDatabase, type TestDatabase } from '@castbase/platform-testing';
import { openServiceOrm } from '../testing/test-orm.js';
import { waitFor } from '@castbase/platform-testing';
import { InvalidEventPayloadError, Outbox } from './outbox.js';
import { OutboxMessage } from './outbox-message.entity.js';
import { OutboxRelay, type OutboxRelayOptions } from './outbox-relay.js';

const silent = pino({ level: 'silent' });
const outbox = new Outbox();

/** Records what reaches the bus, optionally failing the first publishes. */
class RecordingBus extends InProcessBus {
  readonly published: string[] = [];
  failuresLeft = 0;

  constructor() {
    super({ events: [noteAdded], logger: silent });
  }

  override async publish(envelope: EventEnvelope<unknown>, options?: PublishOptions): Promise<void> {
    if (this.failuresLeft > 0) {
      this.failuresLeft--;
      throw new Error('NATS is down');
    }
    this.published.push(envelope.id);

    await super.publish(envelope, options);
  }
}

describe('Outbox and OutboxRelay on PostgreSQL', () => {
  let database: TestDatabase;
  let orm: MikroORM;
  const relays: OutboxRelay[] = [];
  const buses: MessageBus[] = [];

  const relayWith = (bus: MessageBus, options: Partial<OutboxRelayOptions> = {}) => {
    const relay = new OutboxRelay(orm.em, bus, {
      service: 'notes',
      intervalMs: 60_000,
      logger: silent,
      hold: false,
      ...options,
    });
    relays.push(relay);
    return relay;
  };
  const recordingBus = () => {
    const bus = new RecordingBus();
    buses.push(bus);
    return bus;
  };
  const addNote = (text: string) =>
    orm.em.fork().transactional(async (em) => {
      const note = em.create(Note, { id: randomUUID(), text });
      return outbox.add(em, noteAdded, { noteId: note.id, text });
    });
  const row = (id: string) => orm.em.fork().findOne(OutboxMessage, { id });

  beforeAll(async () => {
    database = await createTestDatabase('messaging');
    orm = await openServiceOrm(database.url, 'notes', [Note], [NOTE_MIGRATION]);
  });

  afterEach(async () => {
    await Promise.all(relays.splice(0).map((relay) => relay.stop()));
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
    await orm.em.fork().nativeDelete(OutboxMessage, {});
  });

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  it("creates the messaging tables in the service's schema exactly as the entities describe them", async () => {
    const tables = await orm.em
      .getConnection()
      .execute<Array<{ table_name: string }>>(
        `select table_name from information_schema.tables where table_schema = 'notes' order by 1`,
      );

    expect(tables.map((table) => table.table_name)).toEqual(
      expect.arrayContaining(['notes', 'outbox_messages', 'processed_events']),
    );
    expect((await orm.schema.getUpdateSchemaSQL({ wrap: false, schema: 'notes' })).trim()).toBe('');
  });

  it('commits a change and its outbox row together', async () => {
    const event = await addNote('hello');

    const stored = await row(event.id);
    expect(stored).toMatchObject({
      subject: 'notes.note.added',
      payload: { noteId: event.payload.noteId, text: 'hello' },
      publishedAt: null,
    });
    expect(await orm.em.fork().count(Note, { id: event.payload.noteId })).toBe(1);
  });

  it('writes neither the change nor its outbox row when the transaction fails', async () => {
    const noteId = randomUUID();
    let eventId: string | undefined;

    const failed = orm.em.fork().transactional(async (em) => {
      em.create(Note, { id: noteId, text: 'doomed' });
      eventId = outbox.add(em, noteAdded, { noteId, text: 'doomed' }).id;
      await em.flush();
      throw new Error('the change failed after its flush');
    });

    await expect(failed).rejects.toThrow('the change failed after its flush');
    expect(eventId && (await row(eventId))).toBeNull();
    expect(await orm.em.fork().count(Note, { id: noteId })).toBe(0);
  });

  it('refuses a payload that breaks its event contract, writing nothing', async () => {
    const em = orm.em.fork();

    expect(() => outbox.add(em, noteAdded, { noteId: 'not-a-uuid', text: '' })).toThrow(
      InvalidEventPayloadError,
    );
    expect(em.getUnitOfWork().getPersistStack().size).toBe(0);
  });

  it('publishes an event right after the commit that wrote it, and marks it published', async () => {
    const bus = recordingBus();
    const received: string[] = [];
    await bus.consume('feeds', [noteAdded], ({ id }) => void received.push(id));
    const relay = relayWith(bus);
    relay.start();

    const event = await orm.em.fork().transactional(async (em) => {
      const added = outbox.add(em, noteAdded, { noteId: randomUUID(), text: 'soon' });
      await em.flush();
      // Flushed but not committed: another transaction (the relay's) cannot see it yet.
      expect(await relayWith(bus).publishPending()).toBe(0);
      return added;
    });

    // The interval is a minute: only the commit's nudge can have published it this soon.
    await waitFor('the consumer to receive the event', () => received.includes(event.id));
    await waitFor('the row to be marked published', async () => (await row(event.id))?.publishedAt);
  });

  it('publishes events in the order they were written', async () => {
    const bus = recordingBus();
    const ids = await orm.em
      .fork()
      .transactional(async (em) =>
        ['a', 'b', 'c', 'd', 'e'].map((text) => outbox.add(em, noteAdded, { noteId: randomUUID(), text }).id),
      );

    await relayWith(bus).publishPending();

    expect(bus.published).toEqual(ids);
  });

  it('holds events back while held, and publishes them once released', async () => {
    const bus = recordingBus();
    const relay = relayWith(bus, { hold: true });
    relay.start();

    const event = await addNote('held');
    relay.nudge();
    await relay.settled();

    expect(relay.held).toBe(true);
    expect((await row(event.id))?.publishedAt).toBeNull();
    expect(bus.published).toEqual([]);

    relay.release();
    await waitFor('the held event to be published', async () => (await row(event.id))?.publishedAt);
    expect(bus.published).toEqual([event.id]);
  });

  it('is held by OUTBOX_RELAY_HOLD=true when no option says otherwise', () => {
    process.env['OUTBOX_RELAY_HOLD'] = 'true';
    try {
      expect(new OutboxRelay(orm.em, recordingBus(), { service: 'notes', logger: silent }).held).toBe(true);
    } finally {
      delete process.env['OUTBOX_RELAY_HOLD'];
    }
    expect(new OutboxRelay(orm.em, recordingBus(), { service: 'notes', logger: silent }).held).toBe(false);
  });

  it('is held by OUTBOX_RELAY_HOLD naming its service among others, and not by a list without it', () => {
    const heldWith = (setting: string) => {
      process.env['OUTBOX_RELAY_HOLD'] = setting;
      try {
        return new OutboxRelay(orm.em, recordingBus(), { service: 'notes', logger: silent }).held;
      } finally {
        delete process.env['OUTBOX_RELAY_HOLD'];
      }
    };
    expect(heldWith('catalog, notes')).toBe(true);
    expect(heldWith('catalog,media')).toBe(false);
    expect(heldWith('no')).toBe(false);
  });

  it('keeps an event whose publish failed, records the failure, and retries with backoff', async () => {
    const bus = recordingBus();
    bus.failuresLeft = 2;
    const relay = relayWith(bus, { retryInitialDelayMs: 20 });

    const event = await addNote('flaky');
    relay.start();

    await waitFor(
      'the event to be published after two failures',
      async () => (await row(event.id))?.publishedAt,
    );
    expect(await row(event.id)).toMatchObject({ attempts: 2, lastError: 'NATS is down' });
    expect(bus.published).toEqual([event.id]);
  });

  it('never lets two relays of one service publish the same row', async () => {
    const bus = recordingBus();
    const ids = await orm.em
      .fork()
      .transactional(async (em) =>
        Array.from(
          { length: 60 },
          (_, i) => outbox.add(em, noteAdded, { noteId: randomUUID(), text: `n${i}` }).id,
        ),
      );

    const counts = await Promise.all([
      relayWith(bus, { batchSize: 5 }).publishPending(),
      relayWith(bus, { batchSize: 5 }).publishPending(),
      relayWith(bus, { batchSize: 5 }).publishPending(),
    ]);

    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(60);
    expect([...bus.published].sort()).toEqual([...ids].sort());
  });
});
