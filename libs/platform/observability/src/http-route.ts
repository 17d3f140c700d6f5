import type { Request } from 'express';

/** The route pattern Express matched (`/api/podcasts/:podcastId`), known once the request is handled; else undefined. */
export function matchedRoute(req: Request): string | undefined {
  const path = (req.route as { path?: string } | undefined)?.path;
  return path === undefined ? undefined : `${req.baseUrl}${path}`;
}
