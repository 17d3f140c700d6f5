import type { IncomingMessage, ServerResponse } from 'node:http';
import { RequestMethod, type LoggerService } from '@nestjs/common';
import type { Params } from 'nestjs-pino';
import pino from 'pino';
import pretty from 'pino-pretty';
import { activeTraceFields } from './tracing.js';

export interface LoggingOptions {
  service: string;
  level?: string;
  production: boolean;
  /**
   * First path segments whose requests get no access-log line at all (the public hot paths: podcast apps and
   * players call them far too often for a line each; metrics count them). Health and metrics are always among them.
   */
  unloggedPaths?: string[];
}

/**
 * Readable lines for a person at a terminal in development; undefined (pino's JSON lines on stdout) otherwise: log
 * collectors, production, output sent to a file or a pipe.
 */
export function logDestination(options: { production: boolean }): pino.DestinationStream | undefined {
  if (options.production || !process.stdout.isTTY) return undefined;
  return pretty({
    sync: true,
    colorize: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,service,context,trace_id,span_id,req,res,responseTime',
    messageFormat: (log, messageKey) => {
      const { req, res, responseTime, context } = log as {
        req?: { method?: string; url?: string };
        res?: { statusCode?: number };
        responseTime?: number;
        context?: string;
      };
      const text = log[messageKey];
      const message = req && res ? `${req.method} ${req.url} ${res.statusCode} ${responseTime} ms` : text;
      const line = typeof message === 'string' ? message : JSON.stringify(message ?? '');
      return context ? `${context}: ${line}` : line;
    },
  });
}

function pinoOptions(options: LoggingOptions): pino.LoggerOptions {
  return {
    level: options.level ?? (options.production ? 'warn' : 'info'),
    base: { service: options.service },
    mixin: activeTraceFields,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.query.token', 'req.query.signature'],
  };
}

/**
 * An access-log line is a debug detail, unless the request failed on the server's side. 501 is a client's request
 * for something never offered (oEmbed's answer to an unsupported format), not a failure: pino-http hands it an error
 * of its own, which is not logged either.
 */
export function accessLogLevel(
  _req: IncomingMessage,
  res: ServerResponse,
  error?: Error,
): pino.LevelWithSilent {
  if (res.statusCode === 501) return 'debug';
  return error || res.statusCode >= 500 ? 'error' : 'debug';
}

/** nestjs-pino settings: the service name and active trace ids on every line; access lines at debug, none at all on unlogged paths. */
export function loggerModuleParams(options: LoggingOptions): Params {
  const unlogged = ['health', 'metrics', ...(options.unloggedPaths ?? [])];
  const destination = logDestination(options);
  const pinoHttp = { ...pinoOptions(options), customLogLevel: accessLogLevel };
  return {
    pinoHttp: destination ? [pinoHttp, destination] : pinoHttp,
    exclude: unlogged.flatMap((segment) => [
      { path: segment, method: RequestMethod.ALL },
      { path: `${segment}/{*path}`, method: RequestMethod.ALL },
    ]),
  };
}

/** A plain pino logger for code outside Nest (start-up banner, scripts). */
export function createLogger(options: LoggingOptions): pino.Logger {
  return pinoLogger(pinoOptions(options), options);
}

/** A pino logger writing where `logDestination` says: readable lines at a terminal, JSON lines otherwise. */
export function pinoLogger(loggerOptions: pino.LoggerOptions, options: { production: boolean }): pino.Logger {
  const destination = logDestination(options);
  return destination ? pino(loggerOptions, destination) : pino(loggerOptions);
}

/** Nest's own start-up chatter (a line per module and per route mapped): a debug detail, not news for a person. */
const NEST_START_UP_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
]);

/** Nest's logger, with its start-up lines moved down to debug. */
export function quietStartUpLogger(logger: LoggerService): LoggerService {
  return {
    log: (message: unknown, ...rest: unknown[]) => {
      const context = rest.at(-1);
      if (typeof context === 'string' && NEST_START_UP_CONTEXTS.has(context))
        logger.debug?.(message, ...rest);
      else logger.log(message, ...rest);
    },
    error: (message: unknown, ...rest: unknown[]) => {
      logger.error(message, ...rest);
    },
    warn: (message: unknown, ...rest: unknown[]) => {
      logger.warn(message, ...rest);
    },
    debug: (message: unknown, ...rest: unknown[]) => {
      logger.debug?.(message, ...rest);
    },
    verbose: (message: unknown, ...rest: unknown[]) => {
      logger.verbose?.(message, ...rest);
    },
    fatal: (message: unknown, ...rest: unknown[]) => {
      logger.fatal?.(message, ...rest);
    },
  };
}
