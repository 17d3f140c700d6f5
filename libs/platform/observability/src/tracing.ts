import { trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

export interface TracingOptions {
  serviceName: string;
  /** OTLP/HTTP endpoint; tracing stays off when absent. */
  otlpEndpoint?: string;
}

/** Starts the OpenTelemetry SDK when an exporter endpoint is configured. Returns a shutdown function. */
export function startTracing(options: TracingOptions): () => Promise<void> {
  if (!options.otlpEndpoint) return async () => undefined;
  const sdk = new NodeSDK({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName }),
    traceExporter: new OTLPTraceExporter({ url: `${options.otlpEndpoint.replace(/\/+$/, '')}/v1/traces` }),
  });
  sdk.start();
  return () => sdk.shutdown();
}

/** Trace and span ids of the active span, for log lines. */
export function activeTraceFields(): { trace_id?: string; span_id?: string } {
  const context = trace.getActiveSpan()?.spanContext();
  return context && trace.isSpanContextValid(context)
    ? { trace_id: context.traceId, span_id: context.spanId }
    : {};
}
