import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { json, urlencoded } from 'express';
import { rateLimit } from 'express-rate-limit';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { errorCatalogue, MEDIA_UPLOAD_PATH } from '@castbase/contracts';
import type { AppConfig } from '@castbase/platform-config';
import { securityHeaders } from './security-headers.js';

function origin(url: string | undefined): string[] {
  return url ? [new URL(url).origin] : [];
}

/** Express settings of the process that serves the public HTTP surface: proxies, headers, body limits, OpenAPI. */
export function configureGatewayHttp(app: INestApplication, config: AppConfig): void {
  const express = app as NestExpressApplication;
  for (const middleware of securityHeaders({
    extraConnectOrigins: [
      ...origin(config.OIDC_ISSUER_URL),
      ...origin(config.S3_ENDPOINT),
      ...origin(config.S3_PUBLIC_URL),
    ],
    extraMediaOrigins: [...origin(config.S3_ENDPOINT), ...origin(config.S3_PUBLIC_URL)],
  })) {
    express.use(middleware);
  }
  express.use(
    '/api',
    rateLimit({
      windowMs: 60_000,
      limit: config.RATE_LIMIT_PER_MINUTE,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      message: { code: 'RATE_LIMITED', message: errorCatalogue.RATE_LIMITED.message },
      // A 2 GB upload is 400 chunks of 5 MB: its PATCH requests are bytes of one upload, not API calls.
      skip: (request) => request.method === 'PATCH' && request.originalUrl.startsWith(MEDIA_UPLOAD_PATH),
    }),
  );
  // A gateway in its own process passes resumable uploads to the media service as they arrive (streamed, never
  // buffered); the media service verifies the caller's token as the gateway does. In the all-in-one process the
  // media module serves the same path itself.
  if (config.MEDIA_URL) {
    express.use(
      createProxyMiddleware({
        target: config.MEDIA_URL,
        pathFilter: (path) => path === MEDIA_UPLOAD_PATH || path.startsWith(`${MEDIA_UPLOAD_PATH}/`),
        xfwd: true,
        proxyTimeout: 120_000,
      }),
    );
  }
  // Bodies are parsed for the API only: the identity provider under /oidc parses its own forms.
  express.use(
    '/api',
    json({ limit: config.JSON_BODY_LIMIT }),
    urlencoded({ limit: config.JSON_BODY_LIMIT, extended: false }),
  );
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder().setTitle('Castbase API').setVersion('0.1.0').addBearerAuth().build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/openapi.json' });
}
