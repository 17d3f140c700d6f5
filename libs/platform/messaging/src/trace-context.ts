import type { MessageHeaders } from '@castbase/contracts';
import { context, propagation } from '@opentelemetry/api';

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

/** Runs `work` with the trace context carried by incoming headers as the active context. */
export function withIncomingContext<T>(headers: MessageHeaders, work: () => T): T {
  return context.with(propagation.extract(context.active(), headers), work);
}
