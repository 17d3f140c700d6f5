import { randomBytes } from 'node:crypto';
import { describe } from '@jest/globals';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { pino } from 'pino';
import { describeMessageBusContract } from '../message-bus.contract.js';
import { natsUrlForTests } from '@castbase/platform-testing';
import { NatsBus } from './nats-bus.js';

// The Jest global setup found NATS (NATS_URL or 127.0.0.1:4222) or said once that it did not.
const natsUrl = natsUrlForTests();
const natsAnswers = natsUrl !== undefined;

const fileNamespace = `cbtest_${randomBytes(3).toString('hex')}`;
let testNumber = 0;

(natsAnswers ? describe : describe.skip)('NatsBus on a real NATS server', () => {
  describeMessageBusContract('NatsBus', async (events) => {
    // A namespace (so a stream) per test: durable consumers of one test never see another's events.
    const namespace = `${fileNamespace}_${++testNumber}`;
    const buses: NatsBus[] = [];
    return {
      join: async () => {
        const bus = await NatsBus.connect({
          url: natsUrl!,
          namespace,
          events,
          logger: pino({ level: 'silent' }),
        });
        buses.push(bus);
        return bus;
      },
      close: async () => {
        const stream = buses[0]?.streamName;
        await Promise.all(buses.map((bus) => bus.close()));
        if (!stream) return;
        const nc = await connect({ servers: natsUrl! });
        try {
          await (await jetstreamManager(nc)).streams.delete(stream);
        } finally {
          await nc.close();
        }
      },
    };
  });
});
