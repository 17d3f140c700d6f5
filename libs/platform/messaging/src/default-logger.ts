import { logDestination } from '@castbase/platform-observability';
import { pino, type Logger } from 'pino';

/** The logger used when none is passed in: the process's LOG_LEVEL (default info) and log format, as everywhere else. */
export function defaultLogger(name: string): Logger {
  const options = { name, level: process.env['LOG_LEVEL'] || 'info' };
  const destination = logDestination({ production: process.env['NODE_ENV'] === 'production' });
  return destination ? pino(options, destination) : pino(options);
}
