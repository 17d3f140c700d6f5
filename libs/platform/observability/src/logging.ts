import type { Params } from 'nestjs-pino';
import pino from 'pino';
import { activeTraceFields } from './tracing.js';

export interface LoggingOptions {
  service: string;
  level?: string;
  production: boolean;
}

function pinoOptions(options: LoggingOptions): pino.LoggerOptions {
  return {
    level: options.level ?? (options.production ? 'warn' : 'info'),
    base: { service: options.service },
    mixin: activeTraceFields,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.query.token', 'req.query.signature'],
  };
}

/** nestjs-pino settings: JSON lines with the service name and the active trace ids; health and metrics unlogged. */
export function loggerModuleParams(options: LoggingOptions): Params {
  return {
    pinoHttp: {
      ...pinoOptions(options),
      autoLogging: { ignore: (req) => /^\/(health|metrics)/.test(req.url ?? '') },
    },
  };
}

/** A plain pino logger for code outside Nest (start-up banner, scripts). */
export function createLogger(options: LoggingOptions): pino.Logger {
  return pino(pinoOptions(options));
}
