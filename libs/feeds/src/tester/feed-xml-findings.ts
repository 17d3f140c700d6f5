import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ITUNES_NAMESPACE_URI, PODCASTING20_NAMESPACE_URI, type FeedFindings } from '@castbase/contracts';

/** The document is not well-formed XML; `detail` says where and why (the parser's words). */
export class FeedXmlSyntaxError extends Error {
  constructor(readonly detail: string) {
    super(detail);
  }
}

type XmlNode = Record<string, unknown>;

const ATTRIBUTE = '@_';
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: ATTRIBUTE,
  // Entities are never expanded: the tester only looks for elements, and a hostile DOCTYPE gets nowhere.
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name, path) => path === 'rss.channel.item' || name === 'channel',
});

/**
 * What spec 2 §5 looks for in a fetched feed. Namespaced tags are found by the prefix the document declares for
 * the namespace URI (a feed may call iTunes' namespace `itunes` or anything else); a tag whose namespace is not
 * declared on `<rss>` is not counted. Throws FeedXmlSyntaxError for a document that is not well-formed.
 */
export function feedXmlFindings(xml: string): FeedFindings {
  const syntax = XMLValidator.validate(xml);
  if (syntax !== true) {
    throw new FeedXmlSyntaxError(`${syntax.err.msg} (line ${syntax.err.line}, column ${syntax.err.col})`);
  }
  const document = parser.parse(xml) as XmlNode;
  const rss = asNode(document['rss']);
  const channel = asNode(firstOf(rss?.['channel']));
  const itunes = prefixOf(rss, ITUNES_NAMESPACE_URI);
  const podcast = prefixOf(rss, PODCASTING20_NAMESPACE_URI);
  const itunesTag = (name: string) => (itunes && channel ? firstOf(channel[`${itunes}:${name}`]) : undefined);
  const items = channel?.['item'];

  return {
    hasChannelTitle: hasText(channel?.['title']),
    hasChannelDescription: hasText(channel?.['description']),
    hasChannelLink: hasText(channel?.['link']),
    episodeCount: Array.isArray(items) ? items.length : 0,
    hasItunesNamespace: itunes !== null,
    hasItunesAuthor: hasText(itunesTag('author')),
    hasItunesImage: hasText(asNode(itunesTag('image'))?.[`${ATTRIBUTE}href`]),
    hasItunesCategory: hasText(asNode(itunesTag('category'))?.[`${ATTRIBUTE}text`]),
    hasItunesExplicit: hasText(itunesTag('explicit')),
    hasPodcastGuid: podcast !== null && channel !== undefined && hasText(channel[`${podcast}:guid`]),
    isPodcasting20: podcast !== null,
  };
}

/** The prefix `<rss>` declares for a namespace URI, or null. */
function prefixOf(rss: XmlNode | undefined, uri: string): string | null {
  if (!rss) return null;
  for (const [name, value] of Object.entries(rss)) {
    if (name.startsWith(`${ATTRIBUTE}xmlns:`) && typeof value === 'string' && value.trim() === uri) {
      return name.slice(`${ATTRIBUTE}xmlns:`.length);
    }
  }
  return null;
}

function firstOf(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

function asNode(value: unknown): XmlNode | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as XmlNode)
    : undefined;
}

/** An element or attribute with text in it (an element with attributes keeps its text under `#text`). */
function hasText(value: unknown): boolean {
  const first = firstOf(value);
  if (typeof first === 'string') return first.trim() !== '';
  if (typeof first === 'number' || typeof first === 'boolean') return true;
  const node = asNode(first);
  return node !== undefined && hasText(node['#text']);
}
