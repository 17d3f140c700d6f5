import {
  chaptersFilePath,
  JSON_CHAPTERS_CONTENT_TYPE,
  splitCategory,
  type Episode,
  type Podcast,
} from '@castbase/contracts';
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
  const link = channelLink(podcast, publicUrl);
  textElement(channel, 'title', podcast.name);
  textElement(channel, 'link', link);
  appendCdataSafe(channel.ele('description'), podcast.description || podcast.name);
  textElement(channel, 'language', podcast.language);
  if (podcast.copyright) textElement(channel, 'copyright', podcast.copyright);
  textElement(channel, 'generator', FEED_GENERATOR);
  textElement(channel, 'lastBuildDate', lastBuildDate.toUTCString());
  textElement(channel, 'ttl', String(FEED_TTL_MINUTES));
  channel.ele('atom:link', {
    href: xmlSafeText(publicFeedUrl(publicUrl, podcast)),
    rel: 'self',
    type: 'application/rss+xml',
  });
  textElement(channel, 'itunes:author', podcast.author || podcast.name);
  if (podcast.ownerName || podcast.ownerEmail) appendOwner(channel, podcast);
  if (podcast.artworkUrl) appendArtwork(channel, podcast.artworkUrl, podcast.name, link);
  appendCategory(channel, podcast.category);
  textElement(channel, 'itunes:explicit', String(podcast.explicit));
  textElement(channel, 'itunes:type', podcast.type);
  textElement(channel, 'podcast:guid', podcast.podcastGuid);
  appendPersons(channel, podcast);
  for (const funding of podcast.fundingLinks) appendFunding(channel, funding);

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
  if (episode.chapters.length > 0) {
    item.ele('podcast:chapters', {
      url: xmlSafeText(`${publicUrl}${chaptersFilePath(episode.id)}`),
      type: JSON_CHAPTERS_CONTENT_TYPE,
    });
  }
}

/** The podcast's own website when it has one, else its page here. */
function channelLink(podcast: Podcast, publicUrl: string): string {
  return podcast.websiteUrl || podcastPageUrl(publicUrl, podcast.id);
}

/** Apple's administrative contact: each part only when known. */
function appendOwner(channel: XmlElement, podcast: Podcast): void {
  const element = channel.ele('itunes:owner');
  if (podcast.ownerName) textElement(element, 'itunes:name', podcast.ownerName);
  if (podcast.ownerEmail) textElement(element, 'itunes:email', podcast.ownerEmail);
}

/** RSS 2.0 asks the image's link to be the channel's. */
function appendArtwork(channel: XmlElement, artworkUrl: string, title: string, link: string): void {
  const url = xmlSafeText(artworkUrl);
  channel.ele('itunes:image', { href: url });
  const image = channel.ele('image');
  textElement(image, 'url', url);
  textElement(image, 'title', title);
  textElement(image, 'link', link);
}

/** 'Arts:Books' is Apple's nested form: the subcategory inside its category. */
function appendCategory(channel: XmlElement, value: string): void {
  const { category, subcategory } = splitCategory(value);
  const element = channel.ele('itunes:category', { text: xmlSafeText(category) });
  if (subcategory) element.ele('itunes:category', { text: xmlSafeText(subcategory) });
}

/** Podcasting 2.0 credits: the host, then the co-hosts (role 'host' of the default group 'cast'). */
function appendPersons(channel: XmlElement, podcast: Podcast): void {
  const hosts = [podcast.author, ...podcast.coHosts].filter((name) => name.trim() !== '');
  for (const name of new Set(hosts)) channel.ele('podcast:person', { role: 'host' }).txt(xmlSafeText(name));
}

/** Podcasting 2.0 donation links; the text is what apps show on the button, the URL itself when unlabelled. */
function appendFunding(channel: XmlElement, funding: Podcast['fundingLinks'][number]): void {
  const url = xmlSafeText(funding.url);
  channel.ele('podcast:funding', { url }).txt(xmlSafeText(funding.label) || url);
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
