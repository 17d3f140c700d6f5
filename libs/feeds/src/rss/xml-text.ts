import type { create } from 'xmlbuilder2';

type XmlElement = ReturnType<typeof create>;

/**
 * Characters XML 1.0 cannot carry at all (most C0 controls, lone surrogates, U+FFFE/U+FFFF). A creator can
 * paste them from a word processor; a feed containing one is rejected whole by strict readers, so they go.
 */
// eslint-disable-next-line no-control-regex -- naming the control characters XML allows is the point
const NOT_XML_CHARACTERS = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlSafeText(text: string): string {
  return text.replace(NOT_XML_CHARACTERS, '');
}

/**
 * Appends free text (show notes may hold HTML) as a CDATA section, the form podcast apps expect for HTML.
 * A CDATA section cannot contain `]]>`, so text holding it is written as escaped character data instead —
 * both read back as the same string.
 */
export function appendCdataSafe(element: XmlElement, text: string): XmlElement {
  const safe = xmlSafeText(text);
  return safe.includes(']]>') ? element.txt(safe) : element.dat(safe);
}
