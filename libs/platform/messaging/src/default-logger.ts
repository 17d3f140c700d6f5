import { pinoLogger } from '@castbase/platform-observability';
import type { Logger } from 'pino';

/** The logger used when none is passed in: the process's LOG_LEVEL (default info) and log format, as everywhere else. */
export function defaultLogger(name: string): Logger {
  return pinoLogger(
    { name, level: process.env['LOG_LEVEL'] || 'info' },
    { production: process.env['NODE_ENV'] === 'production' },
  );
}
