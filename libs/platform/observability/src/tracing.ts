import { trace } from '@opentelemetry/api';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

export interface TracingOptions {
  serviceName: string;
  /** OTLP/HTTP endpoint; tracing stays off when absent. */
  otlpEndpoint?: string;
}

/**
 * Starts the OpenTelemetry SDK when an exporter endpoint is configured. Returns a shutdown function. The SDK and its
 * exporters are loaded only then: they weigh about 30 MB of every process's memory and a second of its start.
 */
export async function startTracing(options: TracingOptions): Promise<() => Promise<void>> {
  if (!options.otlpEndpoint) return async () => undefined;
  const [{ OTLPTraceExporter }, { resourceFromAttributes }, { NodeSDK }] = await Promise.all([
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-node'),
  ]);
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
