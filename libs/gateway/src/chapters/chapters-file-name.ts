import { z } from 'zod';

const episodeIdSchema = z.uuid();

/** The episode id of a chapters file name (`{episodeId}.json`), or null for any other name. */
export function episodeIdOfChaptersFile(fileName: string): string | null {
  if (!fileName.endsWith('.json')) return null;
  const id = fileName.slice(0, -'.json'.length);
  return episodeIdSchema.safeParse(id).success ? id.toLowerCase() : null;
}

/**
 * Whether `If-None-Match` names `etag` (RFC 9110 §13.1.2: weak comparison, so `W/"x"` matches `"x"`, and `*` matches
 * any current representation).
 */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => opaque(candidate) === opaque(etag));
}
