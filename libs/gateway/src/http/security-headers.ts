import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import { EMBED_PLAYER_PATH } from '@castbase/contracts';

export interface SecurityHeaderOptions {
  /** Origins the browser may also talk to: the OIDC issuer, an S3 endpoint or CDN. */
  extraConnectOrigins: string[];
  /** Origins stored media (audio, video, images) may come from: the S3 endpoint or CDN. */
  extraMediaOrigins: string[];
}

/** The page other sites may put in a frame: the embeddable player. */
const EMBEDDABLE_PATH = new RegExp(`^${EMBED_PLAYER_PATH}/?$`);

/**
 * Helmet with a Content Security Policy fit for the web app, and HSTS only when the request came over TLS
 * (directly or through a trusted proxy) — HSTS on plain-HTTP localhost would break local use. Only the embeddable
 * player (`/embed/audio`) may be framed by other sites.
 */
export function securityHeaders(options: SecurityHeaderOptions): RequestHandler[] {
  // The embeddable player is meant to be framed by any site; every other page may only be framed by this one.
  const forApp = helmet(helmetOptions(options, { framedByAnySite: false }));
  const forEmbed = helmet(helmetOptions(options, { framedByAnySite: true }));
  const base = (req: Request, res: Response, next: NextFunction) =>
    (EMBEDDABLE_PATH.test(req.path) ? forEmbed : forApp)(req, res, next);
  const hsts = helmet.hsts({ maxAge: 31_536_000, includeSubDomains: true });
  const hstsWhenSecure = (req: Request, res: Response, next: NextFunction) =>
    req.secure ? hsts(req, res, next) : next();
  return [base, hstsWhenSecure];
}

function helmetOptions(
  options: SecurityHeaderOptions,
  { framedByAnySite }: { framedByAnySite: boolean },
): HelmetOptions {
  return {
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
        frameAncestors: framedByAnySite ? ['*'] : ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // X-Frame-Options has no 'any site': the embed goes without it (its frame-ancestors says the same).
    xFrameOptions: framedByAnySite ? false : { action: 'sameorigin' },
  };
}
