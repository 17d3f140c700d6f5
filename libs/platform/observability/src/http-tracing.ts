import { Injectable, type NestMiddleware } from '@nestjs/common';
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { NextFunction, Request, Response } from 'express';
import { matchedRoute } from './http-route.js';

const tracer = trace.getTracer('@castbase/platform-observability');

/**
 * One server span per HTTP request, continuing the caller's `traceparent` when there is one. Everything the
 * request does — bus requests, outbox rows, log lines — runs inside it. A no-op when tracing is off.
 */
@Injectable()
export class HttpTracingMiddleware implements NestMiddleware {
  use(req: Request, res: Response, next: NextFunction): void {
    const parent = propagation.extract(context.active(), req.headers);
    const span = tracer.startSpan(
      `${req.method} ${req.baseUrl}${req.path}`,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': req.method, 'url.path': req.originalUrl.split('?')[0] },
      },
      parent,
    );
    res.once('finish', () => {
      const route = matchedRoute(req);
      if (route) span.updateName(`${req.method} ${route}`);
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(trace.setSpan(parent, span), next);
  }
}
