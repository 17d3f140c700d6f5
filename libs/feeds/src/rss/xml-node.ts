import type { createCB } from 'xmlbuilder2';
import {
  cdataSection,
  escapeXmlAttribute,
  escapeXmlText,
  textForXmlbuilder,
  xmlSafeText,
} from './xml-text.js';

export const RSS_NAMESPACES = {
  itunes: 'http://www.itunes.com/dtds/podcast-1.0.dtd',
  podcast: 'https://podcastindex.org/namespace/1.0',
  atom: 'http://www.w3.org/2005/Atom',
  content: 'http://purl.org/rss/1.0/modules/content/',
} as const;

type Prefix = keyof typeof RSS_NAMESPACES;
export type XmlStreamBuilder = ReturnType<typeof createCB>;

/**
 * One element of a feed as plain data: what the channel and item builders describe, and what the two writers below
 * put into XML. Attributes whose value is undefined are left out; `cdata` is HTML written as a CDATA section.
 */
export interface XmlNode {
  name: string;
  attributes?: Readonly<Record<string, string | undefined>>;
  text?: string;
  cdata?: string;
  children?: readonly XmlNode[];
}

/** `<name>text</name>` */
export function textNode(name: string, text: string): XmlNode {
  return { name, text };
}

/**
 * Writes a node into xmlbuilder2's streaming builder, each prefixed name in its namespace (declared once on
 * `<rss>`), so xmlbuilder2 checks names and writes no namespace declaration again.
 */
export function writeNode(builder: XmlStreamBuilder, node: XmlNode): void {
  const colon = node.name.indexOf(':');
  const namespace = colon > 0 ? RSS_NAMESPACES[node.name.slice(0, colon) as Prefix] : null;
  builder.ele(namespace ?? null, node.name, builderAttributes(node.attributes));
  if (node.cdata !== undefined) for (const section of cdataSections(node.cdata)) builder.dat(section);
  else if (node.text !== undefined) builder.txt(textForXmlbuilder(node.text));
  for (const child of node.children ?? []) writeNode(builder, child);
  builder.up();
}

function builderAttributes(attributes: XmlNode['attributes']): Record<string, string> {
  const written: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (value !== undefined) written[name] = textForXmlbuilder(value);
  }
  return written;
}

/**
 * The contents of the CDATA sections `cdataSection` writes, one per xmlbuilder2 `dat` (which refuses `]]>` inside
 * one): 'a]]>b' is 'a]]' then '>b'.
 */
function cdataSections(text: string): string[] {
  const pieces = xmlSafeText(text).split(']]>');
  return pieces.map(
    (piece, index) => `${index > 0 ? '>' : ''}${piece}${index < pieces.length - 1 ? ']]' : ''}`,
  );
}

/**
 * The same node as a string. Items are written this way: xmlbuilder2 builds a small DOM for every element it streams
 * (about 18 µs each, measured), which makes a 10,000-episode feed take seconds; items are plain text and attributes,
 * escaped by `xml-text.ts`, so they need none of it. See docs/feeds.md.
 */
export function serializeNode(node: XmlNode): string {
  let xml = `<${node.name}`;
  if (node.attributes) {
    for (const name in node.attributes) {
      const value = node.attributes[name];
      if (value !== undefined) xml += ` ${name}="${escapeXmlAttribute(value)}"`;
    }
  }
  let content = '';
  if (node.cdata !== undefined) content = cdataSection(node.cdata);
  else if (node.text !== undefined) content = escapeXmlText(node.text);
  if (node.children) for (const child of node.children) content += serializeNode(child);
  return content === '' ? `${xml}/>` : `${xml}>${content}</${node.name}>`;
}
