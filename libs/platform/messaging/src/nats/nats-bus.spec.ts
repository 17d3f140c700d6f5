import { randomBytes } from 'node:crypto';
import { describe } from '@jest/globals';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { pino } from 'pino';
import { describeMessageBusContract } from '../message-bus.contract.js';
import { isReachable, TEST_NATS_URL } from '../testing/reachability.js';
import { NatsBus } from './nats-bus.js';

const natsAnswers = await isReachable(TEST_NATS_URL, 4222);
if (!natsAnswers) console.warn(`No NATS at ${TEST_NATS_URL}: the NatsBus contract suite is skipped`);

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
          url: TEST_NATS_URL,
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
        const nc = await connect({ servers: TEST_NATS_URL });
        try {
          await (await jetstreamManager(nc)).streams.delete(stream);
        } finally {
          await nc.close();
        }
      },
    };
  });
});
