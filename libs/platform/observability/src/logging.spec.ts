import type { IncomingMessage, ServerResponse } from 'node:http';
import { RequestMethod, type LoggerService } from '@nestjs/common';
import { accessLogLevel, logDestination, loggerModuleParams, quietStartUpLogger } from './logging.js';

const request = {} as IncomingMessage;
const response = (statusCode: number) => ({ statusCode }) as ServerResponse;

describe('logging', () => {
  it('gives no access-log line to health, metrics and the unlogged public paths, however deep', () => {
    const params = loggerModuleParams({ service: 'feeds', production: false, unloggedPaths: ['feeds', 'e'] });
    const excluded = (params.exclude ?? []).map((route) => (typeof route === 'string' ? route : route.path));
    for (const segment of ['health', 'metrics', 'feeds', 'e']) {
      expect(excluded).toEqual(expect.arrayContaining([segment, `${segment}/{*path}`]));
    }
    expect(
      (params.exclude ?? []).every(
        (route) => typeof route !== 'string' && route.method === RequestMethod.ALL,
      ),
    ).toBe(true);
    expect(excluded).not.toContain('api/{*path}');
  });

  it('logs other requests at debug, and at error when the server failed them', () => {
    expect(accessLogLevel(request, response(200))).toBe('debug');
    expect(accessLogLevel(request, response(404))).toBe('debug');
    expect(accessLogLevel(request, response(500))).toBe('error');
    // 501 Not Implemented is the answer to a request for something never offered, not a failure.
    expect(accessLogLevel(request, response(501), new Error('failed with status code 501'))).toBe('debug');
    expect(accessLogLevel(request, response(200), new Error('aborted'))).toBe('error');
  });

  it('writes JSON lines (no pretty stream) in production and whenever stdout is not a terminal', () => {
    expect(logDestination({ production: true })).toBeUndefined();
    // Jest's workers write to a pipe, not a terminal.
    expect(process.stdout.isTTY).toBeFalsy();
    expect(logDestination({ production: false })).toBeUndefined();
  });

  it("moves Nest's start-up lines down to debug and passes every other line through", () => {
    const calls: string[] = [];
    const record =
      (level: string) =>
      (message: unknown, ...rest: unknown[]) =>
        calls.push(`${level}:${String(message)}:${String(rest.at(-1))}`);
    const target: LoggerService = {
      log: record('log'),
      error: record('error'),
      warn: record('warn'),
      debug: record('debug'),
      verbose: record('verbose'),
      fatal: record('fatal'),
    };
    const logger = quietStartUpLogger(target);
    logger.log('Mapped {/api/podcasts, GET} route', 'RouterExplorer');
    logger.log('CatalogModule dependencies initialized', 'InstanceLoader');
    logger.log('applied migrations', 'catalog:database');
    logger.warn('slow', 'catalog');
    expect(calls).toEqual([
      'debug:Mapped {/api/podcasts, GET} route:RouterExplorer',
      'debug:CatalogModule dependencies initialized:InstanceLoader',
      'log:applied migrations:catalog:database',
      'warn:slow:catalog',
    ]);
  });
});
