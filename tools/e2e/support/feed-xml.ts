import { convert } from 'xmlbuilder2';

type XmlNode = Record<string, unknown>;

export interface FeedItem {
  title: string;
  guid: string;
  enclosure: { url: string; length: string; type: string };
  duration: string;
}

function asArray<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

function text(node: unknown): string {
  if (typeof node === 'string') return node;
  if (node && typeof node === 'object') {
    const value = (node as XmlNode)['#'] ?? (node as XmlNode)['$'];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
  return '';
}

/** Parses an RSS document into what the tests check: namespaces and items. */
export function parseFeed(xml: string): {
  namespaces: Record<string, string>;
  channelTitle: string;
  items: FeedItem[];
} {
  const doc = convert(xml, { format: 'object' }) as XmlNode;
  const rss = doc['rss'] as XmlNode;
  const namespaces = Object.fromEntries(
    Object.entries(rss)
      .filter(([k]) => k.startsWith('@xmlns'))
      .map(([k, v]) => [k.slice(1), String(v)]),
  );
  const channel = rss['channel'] as XmlNode;
  const items = asArray(channel['item'] as XmlNode | XmlNode[] | undefined).map((item) => {
    const enclosure = item['enclosure'] as XmlNode;
    return {
      title: text(item['title']),
      guid: text(item['guid']),
      enclosure: {
        url: String(enclosure['@url']),
        length: String(enclosure['@length']),
        type: String(enclosure['@type']),
      },
      duration: text(item['itunes:duration']),
    };
  });
  return { namespaces, channelTitle: text(channel['title']), items };
}
