import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

export interface SecurityHeaderOptions {
  /** Origins the browser may also talk to: the OIDC issuer, an S3 endpoint or CDN. */
  extraConnectOrigins: string[];
  /** Origins stored media (audio, video, images) may come from: the S3 endpoint or CDN. */
  extraMediaOrigins: string[];
}

/**
 * Helmet with a Content Security Policy fit for the web app, and HSTS only when the request came over TLS
 * (directly or through a trusted proxy) — HSTS on plain-HTTP localhost would break local use.
 */
export function securityHeaders(options: SecurityHeaderOptions): RequestHandler[] {
  const base = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Stored images redirect to the bucket or CDN, which may be plain HTTP (a local MinIO).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...options.extraMediaOrigins],
        mediaSrc: ["'self'", 'blob:', ...options.extraMediaOrigins],
        connectSrc: ["'self'", ...options.extraConnectOrigins],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  const hsts = helmet.hsts({ maxAge: 31_536_000, includeSubDomains: true });
  const hstsWhenSecure = (req: Request, res: Response, next: NextFunction) =>
    req.secure ? hsts(req, res, next) : next();
  return [base, hstsWhenSecure];
}
