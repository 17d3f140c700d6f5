import {
  DEFAULT_SUGGESTED_BTC,
  splitCategory,
  type Episode,
  type FeedVariant,
  type Podcast,
} from '@castbase/contracts';
import { releaseDate } from './feed-episodes.js';
import { pagingLinks } from './feed-paging.js';
import { channelLink, variantFeedUrl } from './feed-urls.js';
import { enclosureAttributes, rfc2822 } from './item-nodes.js';
import {
  fundingNode,
  licenseNode,
  lightningAddressValueNode,
  locationNode,
  personNode,
} from './podcasting20-nodes.js';
import { textNode, type XmlNode } from './xml-node.js';
import { truncateUtf8, xmlSafeText } from './xml-text.js';

export const FEED_GENERATOR = 'Castbase';
/** Minutes a reader may cache the feed before fetching it again (spec 2 §9). */
export const FEED_TTL_MINUTES = 60;
/** Apple reads at most 4000 bytes of a channel description. */
export const CHANNEL_DESCRIPTION_MAX_BYTES = 4000;

export interface ChannelContext {
  podcast: Podcast;
  trailers: readonly Episode[];
  feedEpisodeCount: number;
  publicUrl: string;
  variant: FeedVariant;
  token: string | null;
  newFeedUrl: string | null;
  websubHubs: readonly string[];
  podping: boolean;
}

/** The channel's elements that come before its items, in RSS 2.0's, then Apple's, then the namespace's order. */
export function channelNodes(context: ChannelContext): XmlNode[] {
  const { podcast, publicUrl } = context;
  const link = channelLink(podcast, publicUrl);
  const nodes: XmlNode[] = [
    textNode('title', podcast.name),
    textNode('link', link),
    { name: 'description', cdata: channelDescription(podcast) },
    textNode('language', podcast.language),
  ];
  if (podcast.copyright) nodes.push(textNode('copyright', podcast.copyright));
  nodes.push(textNode('generator', FEED_GENERATOR), textNode('ttl', String(FEED_TTL_MINUTES)));
  nodes.push(...atomLinks(context));
  if (context.newFeedUrl) nodes.push(textNode('itunes:new-feed-url', context.newFeedUrl));
  nodes.push(textNode('itunes:author', podcast.author || podcast.name));
  if (podcast.ownerName || podcast.ownerEmail) nodes.push(ownerNode(podcast));
  if (podcast.artworkUrl) {
    nodes.push({ name: 'itunes:image', attributes: { href: podcast.artworkUrl } });
    nodes.push({
      name: 'image',
      children: [
        textNode('url', podcast.artworkUrl),
        textNode('title', podcast.name),
        textNode('link', link),
      ],
    });
  }
  nodes.push(categoryNode(podcast.category));
  nodes.push(textNode('itunes:explicit', String(podcast.explicit)), textNode('itunes:type', podcast.type));
  if (podcast.feedBlock) nodes.push(textNode('itunes:block', 'Yes'));
  if (podcast.feedComplete) nodes.push(textNode('itunes:complete', 'Yes'));
  nodes.push(...podcasting20ChannelNodes(context));
  return nodes;
}

/** HTML in CDATA, cut to Apple's 4000 bytes between characters. The podcast's name when it has none. */
function channelDescription(podcast: Podcast): string {
  return truncateUtf8(xmlSafeText(podcast.description || podcast.name), CHANNEL_DESCRIPTION_MAX_BYTES);
}

function atomLinks(context: ChannelContext): XmlNode[] {
  const { podcast, publicUrl, token } = context;
  const atomLink = (rel: string, href: string): XmlNode => ({
    name: 'atom:link',
    attributes: { href, rel, type: 'application/rss+xml' },
  });
  return [
    atomLink('self', variantFeedUrl(publicUrl, podcast, context.variant, token)),
    ...pagingLinks(context.variant, context.feedEpisodeCount).map(({ rel, variant }) =>
      atomLink(rel, variantFeedUrl(publicUrl, podcast, variant, token)),
    ),
    ...context.websubHubs.map((hub) => ({ name: 'atom:link', attributes: { href: hub, rel: 'hub' } })),
  ];
}

/** Apple's administrative contact: each part only when known. */
function ownerNode(podcast: Podcast): XmlNode {
  const children: XmlNode[] = [];
  if (podcast.ownerName) children.push(textNode('itunes:name', podcast.ownerName));
  if (podcast.ownerEmail) children.push(textNode('itunes:email', podcast.ownerEmail));
  return { name: 'itunes:owner', children };
}

/** 'Arts:Books' is Apple's nested form: the subcategory inside its category. */
function categoryNode(value: string): XmlNode {
  const { category, subcategory } = splitCategory(value);
  return {
    name: 'itunes:category',
    attributes: { text: category },
    children: subcategory ? [{ name: 'itunes:category', attributes: { text: subcategory } }] : [],
  };
}

function podcasting20ChannelNodes(context: ChannelContext): XmlNode[] {
  const { podcast } = context;
  const nodes: XmlNode[] = [
    textNode('podcast:guid', podcast.podcastGuid),
    {
      name: 'podcast:locked',
      attributes: { owner: podcast.ownerEmail || undefined },
      text: podcast.podcastLocked ? 'yes' : 'no',
    },
    textNode('podcast:medium', podcast.podcastMedium),
    ...channelPersons(podcast).map(personNode),
    ...podcast.fundingLinks.map((link) => fundingNode({ url: link.url, title: link.label })),
  ];
  if (podcast.location) nodes.push(locationNode(podcast.location));
  if (podcast.license) nodes.push(licenseNode(podcast.license));
  for (const trailer of context.trailers) {
    const node = trailerNode(trailer, context);
    if (node) nodes.push(node);
  }
  if (podcast.valueEnabled && podcast.lightningAddress) {
    nodes.push(
      lightningAddressValueNode(
        podcast.author || podcast.name,
        podcast.lightningAddress,
        DEFAULT_SUGGESTED_BTC,
      ),
    );
  }
  for (const txt of podcast.txt) {
    nodes.push({ name: 'podcast:txt', attributes: { purpose: txt.purpose || undefined }, text: txt.value });
  }
  if (podcast.updateFrequency) {
    const { text, rrule, complete } = podcast.updateFrequency;
    nodes.push({
      name: 'podcast:updateFrequency',
      attributes: { rrule: rrule || undefined, complete: complete ? 'true' : undefined },
      text,
    });
  }
  if (podcast.podroll.length > 0) {
    nodes.push({
      name: 'podcast:podroll',
      children: podcast.podroll.map((item) => ({
        name: 'podcast:remoteItem',
        attributes: { feedGuid: item.feedGuid, feedUrl: item.feedUrl, medium: 'podcast' },
      })),
    });
  }
  if (podcast.feedBlock) nodes.push(textNode('podcast:block', 'yes'));
  if (podcast.artworkUrl) {
    nodes.push({ name: 'podcast:image', attributes: { href: podcast.artworkUrl, purpose: 'artwork' } });
  }
  if (context.podping) nodes.push({ name: 'podcast:podping', attributes: { usesPodping: 'true' } });
  return nodes;
}

/** The host and each co-host (role host), then the podcast's other credits; each name and role once. */
function channelPersons(
  podcast: Podcast,
): Array<{ name: string; role: string; img?: string; href?: string }> {
  const persons = [
    ...[podcast.author, ...podcast.coHosts].map((name) => ({ name, role: 'Host' })),
    ...podcast.podcastPersons,
  ];
  const seen = new Set<string>();
  return persons.filter((person) => {
    const key = `${person.name.trim().toLowerCase()}\u0000${person.role.toLowerCase()}`;
    if (person.name.trim() === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A trailer: its enclosure URL (with the token of a private podcast), release date, size, type and season. */
function trailerNode(trailer: Episode, context: ChannelContext): XmlNode | null {
  const enclosure = enclosureAttributes(trailer, context);
  if (!enclosure) return null;
  return {
    name: 'podcast:trailer',
    attributes: {
      pubdate: rfc2822(releaseDate(trailer)),
      url: enclosure.url,
      length: enclosure.length,
      type: enclosure.type,
      season: trailer.seasonNumber === null ? undefined : String(trailer.seasonNumber),
    },
    text: trailer.title,
  };
}
