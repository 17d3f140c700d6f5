import type { MessageHeaders } from '@castbase/contracts';
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';

const tracer = trace.getTracer('@castbase/platform-messaging');

/**
 * Headers for an outgoing message: the active OpenTelemetry context (W3C `traceparent`/`tracestate` with the
 * SDK's propagator; nothing when no SDK is registered) under the caller's explicit headers, which win — so an
 * outbox row relayed later keeps the trace context captured when it was written.
 */
export function outgoingHeaders(explicit: MessageHeaders | undefined): MessageHeaders {
  const carrier: MessageHeaders = {};
  propagation.inject(context.active(), carrier);
  return { ...carrier, ...explicit };
}

/**
 * Runs `work` with the trace context carried by incoming headers as the active context, inside a span named
 * after the subject (a no-op when no SDK is registered), so one trace runs gateway → bus → service → bus → service.
 */
export function withIncomingContext<T>(
  headers: MessageHeaders,
  work: () => T | Promise<T>,
  subject: string,
  kind: 'request' | 'event',
): Promise<T> {
  const parent = propagation.extract(context.active(), headers);
  return context.with(parent, () =>
    tracer.startActiveSpan(
      `${subject} ${kind === 'request' ? 'handle' : 'process'}`,
      {
        kind: kind === 'request' ? SpanKind.SERVER : SpanKind.CONSUMER,
        attributes: { 'messaging.system': 'castbase', 'messaging.destination.name': subject },
      },
      async (span) => {
        try {
          return await work();
        } catch (error) {
          span.recordException(error instanceof Error ? error : String(error));
          span.setStatus({ code: SpanStatusCode.ERROR });
          throw error;
        } finally {
          span.end();
        }
      },
    ),
  );
}
