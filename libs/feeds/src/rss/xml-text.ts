/**
 * Characters XML 1.0 cannot carry at all (most C0 controls, lone surrogates, U+FFFE/U+FFFF). A creator can
 * paste them from a word processor; a feed containing one is rejected whole by strict readers, so they go.
 */
// eslint-disable-next-line no-control-regex -- naming the control characters XML allows is the point
const NOT_XML_CHARACTERS = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
// eslint-disable-next-line no-control-regex -- as above, without the global flag, for a cheap test
const HAS_NOT_XML_CHARACTER = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/**
 * The text without the characters XML cannot carry, with line breaks as `\n`: a parser turns `\r\n` and `\r` into
 * `\n` anyway, so writing them so makes every part of the feed read back the same.
 */
export function xmlSafeText(text: string): string {
  const safe = HAS_NOT_XML_CHARACTER.test(text) ? text.replace(NOT_XML_CHARACTERS, '') : text;
  return safe.includes('\r') ? safe.replace(/\r\n?/g, '\n') : safe;
}

const TEXT_SPECIALS = /[&<>]/;
const ATTRIBUTE_SPECIALS = /[&<>"\t\n]/;
const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
};
const escapeCharacter = (character: string): string => ESCAPES[character] ?? character;

/** Character data: safe text with `&`, `<` and `>` escaped (`>` too, so `]]>` never appears). */
export function escapeXmlText(text: string): string {
  const safe = xmlSafeText(text);
  return TEXT_SPECIALS.test(safe) ? safe.replace(/[&<>]/g, escapeCharacter) : safe;
}

/**
 * An attribute value for a double-quoted attribute. Tabs and line breaks are written as character references,
 * since a parser would otherwise turn them into spaces.
 */
export function escapeXmlAttribute(value: string): string {
  const safe = xmlSafeText(value);
  return ATTRIBUTE_SPECIALS.test(safe) ? safe.replace(/[&<>"\t\n]/g, escapeCharacter) : safe;
}

/**
 * Free text (show notes may hold HTML) as a CDATA section, the form podcast apps expect for HTML. A CDATA section
 * cannot contain `]]>`, so each one is split across two sections (`]]` ends one, `>` starts the next): a parser reads
 * the same string back.
 */
export function cdataSection(text: string): string {
  return `<![CDATA[${xmlSafeText(text).replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

/**
 * xmlbuilder2 leaves an `&` that already starts an entity (`&amp;`, `&lt;`, …) as it is, so a creator's literal
 * "AT&amp;T" would read back as "AT&T". Escaping every `&` first makes xmlbuilder2 write each one exactly once.
 */
export function textForXmlbuilder(text: string): string {
  return xmlSafeText(text).replaceAll('&', '&amp;');
}

/**
 * The longest start of `text` whose UTF-8 encoding fits in `maxBytes`, cut between characters (never inside a
 * character or a surrogate pair).
 */
export function truncateUtf8(text: string, maxBytes: number): string {
  let bytes = 0;
  let end = 0;
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    const size = codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
    if (bytes + size > maxBytes) return text.slice(0, end);
    bytes += size;
    end += character.length;
  }
  return text;
}
