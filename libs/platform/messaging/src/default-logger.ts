import { pino, type Logger } from 'pino';

/** The logger used when none is passed in: JSON lines at the process's LOG_LEVEL (default info), as everywhere else. */
export function defaultLogger(name: string): Logger {
  return pino({ name, level: process.env['LOG_LEVEL'] || 'info' });
}
