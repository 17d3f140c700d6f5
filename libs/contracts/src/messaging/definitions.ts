import type { z } from 'zod';

/**
 * A request/reply subject (`<service>.<noun>.<verb>`) with the schemas of what is sent and what comes back.
 * Declared once here; the caller and the handler both type-check against it.
 */
export interface RequestDefinition<
  Subject extends string = string,
  Req extends z.ZodType = z.ZodType,
  Rep extends z.ZodType = z.ZodType,
> {
  readonly kind: 'request';
  readonly subject: Subject;
  readonly request: Req;
  readonly reply: Rep;
}

/** An event subject (`<service>.<noun>.<past-tense>`) with the schema of its payload. */
export interface EventDefinition<Subject extends string = string, Payload extends z.ZodType = z.ZodType> {
  readonly kind: 'event';
  readonly subject: Subject;
  readonly payload: Payload;
}

export type RequestOf<D extends RequestDefinition> = z.input<D['request']>;
export type ParsedRequestOf<D extends RequestDefinition> = z.output<D['request']>;
export type ReplyOf<D extends RequestDefinition> = z.output<D['reply']>;
export type PayloadOf<D extends EventDefinition> = z.output<D['payload']>;

const REQUEST_SUBJECT = /^[a-z]+\.[a-z-]+\.[a-z-]+$/;
const EVENT_SUBJECT = /^[a-z]+\.[a-z-]+\.[a-z-]+ed$/;

export function defineRequest<S extends string, Req extends z.ZodType, Rep extends z.ZodType>(
  subject: S,
  request: Req,
  reply: Rep,
): RequestDefinition<S, Req, Rep> {
  if (!REQUEST_SUBJECT.test(subject))
    throw new Error(`Request subject "${subject}" is not <service>.<noun>.<verb>`);
  return { kind: 'request', subject, request, reply };
}

export function defineEvent<S extends string, P extends z.ZodType>(
  subject: S,
  payload: P,
): EventDefinition<S, P> {
  if (!EVENT_SUBJECT.test(subject))
    throw new Error(`Event subject "${subject}" is not <service>.<noun>.<past-tense>`);
  return { kind: 'event', subject, payload };
}

/** The service that owns a subject: its first segment. */
export function owningService(subject: string): string {
  return subject.slice(0, subject.indexOf('.'));
}
