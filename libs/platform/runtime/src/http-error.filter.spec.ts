import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  HttpException,
  InternalServerErrorException,
  Logger,
  NotFoundException,
  type ArgumentsHost,
} from '@nestjs/common';
import { DomainError } from '@castbase/contracts';
import { HttpErrorFilter } from './http-error.filter.js';

/** The part of an Express response the filter uses, recording what it was told to send. */
class FakeResponse {
  statusCode: number | undefined;
  body: unknown;

  constructor(readonly headersSent = false) {}

  status(code: number): this {
    this.statusCode = code;
    return this;
  }

  json(body: unknown): this {
    this.body = body;
    return this;
  }
}

function hostFor(response: FakeResponse): ArgumentsHost {
  const http = { getResponse: () => response, getRequest: () => ({}), getNext: () => undefined };
  return { switchToHttp: () => http } as unknown as ArgumentsHost;
}

/** Runs the filter on `error` and returns what the client would receive. */
function answerTo(error: unknown): { status: number | undefined; body: unknown } {
  const response = new FakeResponse();
  new HttpErrorFilter().catch(error, hostFor(response));
  return { status: response.statusCode, body: response.body };
}

/** What body-parser throws (an http-errors error with a `type`), wrapped as Nest's Express adapter wraps it. */
function bodyParserFailure(type: string, status: number, message: string): HttpException {
  const cause = Object.assign(new Error(message), { type, status, statusCode: status, expose: true });
  return new HttpException(message, status, { cause });
}

describe('HttpErrorFilter: every error leaves as { code, message, details? } with the status of its code', () => {
  let loggedErrors: unknown[][];

  beforeEach(() => {
    loggedErrors = [];
    jest.spyOn(Logger.prototype, 'error').mockImplementation((...args: unknown[]) => {
      loggedErrors.push(args);
    });
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('answers a DomainError with the status of its code and its code, message and details', () => {
    const issues = [{ path: 'name', message: 'Podcast name is required' }];

    expect(answerTo(new DomainError('SLUG_TAKEN'))).toEqual({
      status: 409,
      body: { code: 'SLUG_TAKEN', message: 'That podcast address is already taken' },
    });
    expect(
      answerTo(new DomainError('VALIDATION_FAILED', 'name: Podcast name is required', { issues })),
    ).toEqual({
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: 'name: Podcast name is required', details: { issues } },
    });
  });

  it("answers Nest's NotFoundException with 404 NOT_FOUND 'Not found', whatever its own message", () => {
    expect(answerTo(new NotFoundException('Cannot GET /api/nothing-here'))).toEqual({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Not found' },
    });
  });

  it("answers a body over body-parser's limit with 413 PAYLOAD_TOO_LARGE and the catalogue's message", () => {
    expect(answerTo(bodyParserFailure('entity.too.large', 413, 'request entity too large'))).toEqual({
      status: 413,
      body: { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' },
    });
  });

  it('answers malformed JSON with 400 VALIDATION_FAILED "The request body is not valid JSON"', () => {
    const failure = bodyParserFailure('entity.parse.failed', 400, 'Unexpected end of JSON input');

    expect(answerTo(failure)).toEqual({
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: 'The request body is not valid JSON' },
    });
  });

  it('answers any other error with 500 INTERNAL "An unexpected error occurred", logging it instead of sending it', () => {
    const secret = new Error('connect ECONNREFUSED postgres://castbase:s3cret@db.internal:5432/castbase');

    const answer = answerTo(secret);

    expect(answer).toEqual({
      status: 500,
      body: { code: 'INTERNAL', message: 'An unexpected error occurred' },
    });
    expect(JSON.stringify(answer.body)).not.toMatch(/s3cret|ECONNREFUSED|db\.internal/);
    expect(loggedErrors).toEqual([[expect.stringContaining('s3cret@db.internal')]]);
  });

  it('answers a 501 DomainError (a format never offered) without logging it as a failure', () => {
    expect(answerTo(new DomainError('OEMBED_FORMAT_NOT_IMPLEMENTED'))).toEqual({
      status: 501,
      body: { code: 'OEMBED_FORMAT_NOT_IMPLEMENTED', message: 'Only the json format is available' },
    });
    expect(loggedErrors).toEqual([]);
  });

  it("answers a 5xx HttpException with 500 INTERNAL, without the exception's message", () => {
    const answer = answerTo(new InternalServerErrorException('relation "catalog.podcasts" does not exist'));

    expect(answer).toEqual({
      status: 500,
      body: { code: 'INTERNAL', message: 'An unexpected error occurred' },
    });
  });

  it('leaves a response alone whose headers were already sent', () => {
    const response = new FakeResponse(true);

    new HttpErrorFilter().catch(new Error('failed mid-stream'), hostFor(response));

    expect(response.statusCode).toBeUndefined();
    expect(response.body).toBeUndefined();
    expect(loggedErrors).toHaveLength(1);
  });
});
