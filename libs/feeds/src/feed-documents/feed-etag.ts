import { createHash } from 'node:crypto';

/** A strong entity tag of the XML bytes (quoted, as the ETag header carries it). Same bytes, same tag. */
export function feedEtag(xml: string): string {
  return `"${createHash('sha256').update(xml, 'utf8').digest('base64url')}"`;
}
