import { pino } from 'pino';
import { describeMessageBusContract } from '../message-bus.contract.js';
import { InProcessBus } from './in-process-bus.js';

describeMessageBusContract('InProcessBus', async (events) => {
  let bus: InProcessBus | undefined;
  return {
    join: async () => (bus ??= new InProcessBus({ events, logger: pino({ level: 'silent' }) })),
    close: async () => bus?.close(),
  };
});
