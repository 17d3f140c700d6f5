import {
  cleanTextDeep,
  DomainError,
  UNEXPECTED_ERROR_MESSAGE,
  eventEnvelopeSchema,
  isErrorCode,
  replyEnvelopeSchema,
  type EventDefinition,
  type EventEnvelope,
  type ReplyEnvelope,
  type RequestDefinition,
} from '@castbase/contracts';
import type { Logger } from 'pino';
import { z } from 'zod';

/**
 * What both transports do to a message: JSON on the wire (the in-process bus encodes too, so a handler never
 * shares an object with its caller and sees exactly what NATS would deliver), the reply envelope, and the
 * mapping of failures to `DomainError` codes.
 */
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function encode(value: unknown): Uint8Array {
  return encoder.encode(JSON.stringify(value));
}

export function decode(data: Uint8Array): unknown {
  return JSON.parse(decoder.decode(data));
}

export interface ValidationIssue {
  code: string;
  path: Array<string | number>;
  message: string;
}

export function validationIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({
    code: issue.code,
    path: issue.path.map((segment) => (typeof segment === 'symbol' ? String(segment) : segment)),
    message: issue.message,
  }));
}

export function validationFailed(error: z.ZodError): DomainError {
  return new DomainError('VALIDATION_FAILED', undefined, validationIssues(error));
}

/** Validates a request payload on the caller's side; invalid → VALIDATION_FAILED (nothing is sent). */
export function parseRequest<D extends RequestDefinition>(
  definition: D,
  payload: unknown,
): z.output<D['request']> {
  const result = definition.request.safeParse(cleanTextDeep(payload));
  if (!result.success) throw validationFailed(result.error);
  return result.data as z.output<D['request']>;
}

/** The reply envelope's value checked against `definition.reply`; a reply that breaks the contract is INTERNAL. */
export function readReply<D extends RequestDefinition>(
  definition: D,
  raw: unknown,
  logger: Logger,
): z.output<D['reply']> {
  const envelope = replyEnvelopeSchema.safeParse(raw);
  if (!envelope.success) {
    logger.error(
      { subject: definition.subject, issues: validationIssues(envelope.error) },
      'malformed reply envelope',
    );
    throw new DomainError('INTERNAL', UNEXPECTED_ERROR_MESSAGE);
  }
  if (!envelope.data.ok) {
    const { code, message, details } = envelope.data.error;
    throw new DomainError(isErrorCode(code) ? code : 'INTERNAL', message, details);
  }
  const value = definition.reply.safeParse(envelope.data.value);
  if (!value.success) {
    logger.error(
      { subject: definition.subject, issues: validationIssues(value.error) },
      'reply does not match its contract',
    );
    throw new DomainError('INTERNAL', UNEXPECTED_ERROR_MESSAGE);
  }
  return value.data as z.output<D['reply']>;
}

/**
 * Runs a request handler on a raw payload and turns the outcome into a reply envelope: the request failing
 * `definition.request` → VALIDATION_FAILED with the issues; a `DomainError` → its code; anything else
 * (including a reply that fails `definition.reply`) → INTERNAL, logged.
 */
export async function answer<D extends RequestDefinition>(
  definition: D,
  raw: unknown,
  run: (payload: z.output<D['request']>) => unknown,
  logger: Logger,
): Promise<ReplyEnvelope> {
  const parsed = definition.request.safeParse(cleanTextDeep(raw));
  if (!parsed.success) return errorReply(validationFailed(parsed.error));
  try {
    const value = definition.reply.parse(await run(parsed.data as z.output<D['request']>));
    return { ok: true, value };
  } catch (error) {
    if (error instanceof DomainError) return errorReply(error);
    logger.error({ err: error, subject: definition.subject }, 'request handler failed');
    return errorReply(new DomainError('INTERNAL', UNEXPECTED_ERROR_MESSAGE));
  }
}

function errorReply(error: DomainError): ReplyEnvelope {
  return { ok: false, error: error.toJSON() };
}

/** Checks an envelope before it is published: well-formed, and its payload valid for its subject when known. */
export function checkEnvelope(envelope: EventEnvelope<unknown>): EventEnvelope<unknown> {
  const result = eventEnvelopeSchema.safeParse(envelope);
  if (!result.success) throw validationFailed(result.error);
  return { ...result.data, payload: envelope.payload };
}

export type DecodedDelivery<D extends EventDefinition> =
  | { ok: true; envelope: EventEnvelope<z.output<D['payload']>> }
  | { ok: false; envelope: EventEnvelope<unknown>; error: DomainError };

/** Reads a delivered event: an envelope whose payload fails its definition can never be handled. */
export function readDelivery<D extends EventDefinition>(definition: D, raw: unknown): DecodedDelivery<D> {
  const envelope = eventEnvelopeSchema.safeParse(raw);
  if (!envelope.success) {
    return {
      ok: false,
      envelope: { id: '', subject: definition.subject, occurredAt: '', payload: raw },
      error: validationFailed(envelope.error),
    };
  }
  const payload = definition.payload.safeParse(envelope.data.payload);
  if (!payload.success) return { ok: false, envelope: envelope.data, error: validationFailed(payload.error) };
  return { ok: true, envelope: { ...envelope.data, payload: payload.data as z.output<D['payload']> } };
}
