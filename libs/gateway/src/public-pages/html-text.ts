// Text made safe for the places the public pages' HTML puts it.

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for an element's content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/**
 * JSON to put inside a `<script>` element: `<`, `>` and `&` become their \u escapes, so no `</script>` or `<!--` in
 * the data can end the element, and U+2028/U+2029 are escaped too. `JSON.parse` reads it back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/[<>&]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Plain text with its line breaks kept, as HTML. */
export function paragraphsHtml(text: string): string {
  return text
    .trim()
    .split(/\n{2,}/)
    .filter((paragraph) => paragraph.trim())
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** A short summary of a longer text for a meta description: whitespace folded, cut at a word near `limit`. */
export function summary(text: string, limit = 200): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  if (folded.length <= limit) return folded;
  const cut = folded.slice(0, limit - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > limit / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** `<meta property|name="…" content="…">` tags from pairs; a null or empty content leaves its tag out. */
export function metaTags(
  attribute: 'property' | 'name',
  pairs: Array<[string, string | number | null]>,
): string[] {
  return pairs
    .filter(([, content]) => content !== null && content !== '')
    .map(
      ([key, content]) => `<meta ${attribute}="${escapeHtml(key)}" content="${escapeHtml(String(content))}">`,
    );
}

/** An ISO 8601 duration (PT1H2M3S) for a number of seconds; PT0S for none. */
export function isoDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const parts = `${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${rest ? `${rest}S` : ''}`;
  return `PT${parts || '0S'}`;
}

/** 1:02:03 or 2:03 for a player's duration. */
export function clockDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
