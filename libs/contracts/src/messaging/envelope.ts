import { z } from 'zod';

/** What travels on the bus for an event: a stable id (used for de-duplication), the subject and the payload. */
export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  occurredAt: z.iso.datetime(),
  payload: z.unknown(),
});
export type EventEnvelope<P = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'payload'> & {
  payload: P;
};

/** A reply on a request subject: either the handler's value or a typed error. */
export const replyEnvelopeSchema = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({
    ok: z.literal(false),
    error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
  }),
]);
export type ReplyEnvelope = z.infer<typeof replyEnvelopeSchema>;

/** Message headers: W3C trace context and anything else carried alongside. */
export type MessageHeaders = Record<string, string>;
