import type { Episode, Podcast } from '@castbase/contracts';
import { create } from 'xmlbuilder2';
import { MAIN_FEED_ITEM_LIMIT, releaseDate, selectFeedEpisodes, type FeedEpisode } from './feed-episodes.js';
import { enclosureUrl, episodePageUrl, podcastPageUrl, publicFeedUrl } from './feed-urls.js';
import { appendCdataSafe, xmlSafeText } from './xml-text.js';

type XmlElement = ReturnType<typeof create>;

export const RSS_NAMESPACES = {
  itunes: 'http://www.itunes.com/dtds/podcast-1.0.dtd',
  podcast: 'https://podcastindex.org/namespace/1.0',
  atom: 'http://www.w3.org/2005/Atom',
} as const;

export const FEED_GENERATOR = 'Castbase';
/** Minutes a reader may cache the feed before fetching it again (spec 2 §9). */
export const FEED_TTL_MINUTES = 60;

/** What the catalog hands over for one podcast (`catalog.feed-source.get`). */
export interface FeedSource {
  podcast: Podcast;
  episodes: readonly Episode[];
}

export interface RenderFeedOptions {
  /** Base URL of the product, without a trailing slash. */
  publicUrl: string;
  itemLimit?: number;
  copyright?: string | null;
  owner?: { name: string; email: string | null } | null;
}

export interface RenderedFeed {
  xml: string;
  /** Items in the document. */
  episodeCount: number;
  /** When the content last changed (the newest of the podcast's and the listed episodes' changes). */
  lastBuildDate: Date;
}

/**
 * Renders a podcast's RSS 2.0 feed with the iTunes and Podcasting 2.0 namespaces. Pure: the same source
 * gives the same bytes, so an unchanged podcast keeps its ETag across regenerations.
 */
export function renderPodcastFeed(source: FeedSource, options: RenderFeedOptions): RenderedFeed {
  const { podcast } = source;
  const { publicUrl } = options;
  const episodes = selectFeedEpisodes(source.episodes, options.itemLimit ?? MAIN_FEED_ITEM_LIMIT);
  const lastBuildDate = lastChange(podcast, episodes);

  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('rss', {
    version: '2.0',
    'xmlns:itunes': RSS_NAMESPACES.itunes,
    'xmlns:podcast': RSS_NAMESPACES.podcast,
    'xmlns:atom': RSS_NAMESPACES.atom,
  });
  const channel = root.ele('channel');
  textElement(channel, 'title', podcast.name);
  textElement(channel, 'link', podcastPageUrl(publicUrl, podcast.id));
  appendCdataSafe(channel.ele('description'), podcast.description || podcast.name);
  textElement(channel, 'language', podcast.language);
  if (options.copyright) textElement(channel, 'copyright', options.copyright);
  textElement(channel, 'generator', FEED_GENERATOR);
  textElement(channel, 'lastBuildDate', lastBuildDate.toUTCString());
  textElement(channel, 'ttl', String(FEED_TTL_MINUTES));
  channel.ele('atom:link', {
    href: xmlSafeText(publicFeedUrl(publicUrl, podcast)),
    rel: 'self',
    type: 'application/rss+xml',
  });
  textElement(channel, 'itunes:author', podcast.author || podcast.name);
  if (options.owner) appendOwner(channel, options.owner);
  if (podcast.artworkUrl) appendArtwork(channel, podcast, publicUrl);
  channel.ele('itunes:category', { text: xmlSafeText(podcast.category) });
  textElement(channel, 'itunes:explicit', String(podcast.explicit));
  textElement(channel, 'itunes:type', podcast.type);
  textElement(channel, 'podcast:guid', podcast.podcastGuid);

  for (const episode of episodes) appendItem(channel, episode, publicUrl);

  return {
    xml: root.end({ prettyPrint: true, wellFormed: true }),
    episodeCount: episodes.length,
    lastBuildDate,
  };
}

function appendItem(channel: XmlElement, episode: FeedEpisode, publicUrl: string): void {
  const item = channel.ele('item');
  textElement(item, 'title', episode.title);
  appendCdataSafe(item.ele('description'), episode.description || episode.title);
  textElement(item, 'link', episodePageUrl(publicUrl, episode.id));
  item.ele('guid', { isPermaLink: 'false' }).txt(xmlSafeText(episode.guid));
  textElement(item, 'pubDate', new Date(releaseDate(episode)).toUTCString());
  item.ele('enclosure', {
    url: xmlSafeText(enclosureUrl(publicUrl, episode.podcastId, episode.id, episode.media.fileName)),
    length: String(episode.media.sizeBytes),
    type: xmlSafeText(episode.media.mimeType),
  });
  if (episode.media.durationSeconds > 0)
    textElement(item, 'itunes:duration', String(Math.round(episode.media.durationSeconds)));
  textElement(item, 'itunes:episodeType', episode.episodeType);
  textElement(item, 'itunes:explicit', String(episode.explicit));
  if (episode.seasonNumber !== null) textElement(item, 'itunes:season', String(episode.seasonNumber));
  if (episode.episodeNumber !== null) textElement(item, 'itunes:episode', String(episode.episodeNumber));
}

function appendOwner(channel: XmlElement, owner: { name: string; email: string | null }): void {
  const element = channel.ele('itunes:owner');
  textElement(element, 'itunes:name', owner.name);
  if (owner.email) textElement(element, 'itunes:email', owner.email);
}

function appendArtwork(channel: XmlElement, podcast: Podcast, publicUrl: string): void {
  const artworkUrl = xmlSafeText(podcast.artworkUrl ?? '');
  channel.ele('itunes:image', { href: artworkUrl });
  const image = channel.ele('image');
  textElement(image, 'url', artworkUrl);
  textElement(image, 'title', podcast.name);
  textElement(image, 'link', podcastPageUrl(publicUrl, podcast.id));
}

function textElement(parent: XmlElement, name: string, value: string): void {
  parent.ele(name).txt(xmlSafeText(value));
}

function lastChange(podcast: Podcast, episodes: readonly FeedEpisode[]): Date {
  const times = [
    podcast.updatedAt,
    ...episodes.flatMap((episode) => [episode.updatedAt, releaseDate(episode)]),
  ].map((iso) => Date.parse(iso));
  return new Date(Math.max(...times));
}
