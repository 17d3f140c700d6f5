import { chaptersFilePath, JSON_CHAPTERS_CONTENT_TYPE, type Episode } from '@castbase/contracts';
import { releaseDate } from './feed-episodes.js';
import { enclosureUrl, episodePageUrl } from './feed-urls.js';
import {
  alternateEnclosureNode,
  fundingNode,
  licenseNode,
  locationNode,
  personNode,
  soundbiteNode,
  transcriptNode,
  valueNode,
} from './podcasting20-nodes.js';
import { textNode, type XmlNode } from './xml-node.js';

export interface ItemContext {
  publicUrl: string;
  /** A private podcast's token, carried by the enclosure URL. */
  token: string | null;
}

/** RFC 2822 date, as RSS 2.0 asks ('Tue, 04 Mar 2025 05:06:07 GMT'). */
export function rfc2822(iso: string): string {
  return new Date(iso).toUTCString();
}

/** The enclosure of an episode: its published file's real size and MIME type, through the download counter. */
export function enclosureAttributes(episode: Episode, context: ItemContext) {
  if (!episode.media) return null;
  return {
    url: enclosureUrl(
      context.publicUrl,
      episode.podcastId,
      episode.id,
      episode.media.fileName,
      context.token,
    ),
    length: String(episode.media.sizeBytes),
    type: episode.media.mimeType,
  };
}

/** The children of an episode's `<item>`, in the order RSS 2.0, Apple and then the Podcasting 2.0 namespace list them. */
export function itemNodes(episode: Episode, context: ItemContext): XmlNode[] {
  const nodes: XmlNode[] = [
    textNode('title', episode.title),
    { name: 'description', cdata: episode.description || episode.title },
  ];
  if (episode.description) nodes.push({ name: 'content:encoded', cdata: episode.description });
  nodes.push(textNode('link', episodePageUrl(context.publicUrl, episode.id)));
  nodes.push({ name: 'guid', attributes: { isPermaLink: 'false' }, text: episode.guid });
  nodes.push(textNode('pubDate', rfc2822(releaseDate(episode))));
  const enclosure = enclosureAttributes(episode, context);
  if (enclosure) nodes.push({ name: 'enclosure', attributes: enclosure });
  if (episode.media && episode.media.durationSeconds > 0) {
    nodes.push(textNode('itunes:duration', String(Math.round(episode.media.durationSeconds))));
  }
  nodes.push(textNode('itunes:episodeType', episode.episodeType));
  nodes.push(textNode('itunes:explicit', String(episode.explicit)));
  // Apple takes only positive numbers; the Podcasting 2.0 tags below carry whatever the creator entered.
  if (episode.seasonNumber !== null && episode.seasonNumber > 0) {
    nodes.push(textNode('itunes:season', String(episode.seasonNumber)));
  }
  if (episode.episodeNumber !== null && episode.episodeNumber > 0) {
    nodes.push(textNode('itunes:episode', String(episode.episodeNumber)));
  }
  if (episode.artworkUrl) nodes.push({ name: 'itunes:image', attributes: { href: episode.artworkUrl } });
  if (episode.podcastBlock) nodes.push(textNode('itunes:block', 'Yes'));
  appendPodcasting20(nodes, episode, context);
  return nodes;
}

function appendPodcasting20(nodes: XmlNode[], episode: Episode, context: ItemContext): void {
  if (episode.seasonNumber !== null) nodes.push(textNode('podcast:season', String(episode.seasonNumber)));
  if (episode.episodeNumber !== null) nodes.push(textNode('podcast:episode', String(episode.episodeNumber)));
  for (const transcript of episode.transcripts) nodes.push(transcriptNode(transcript));
  if (episode.chapters.length > 0) {
    nodes.push({
      name: 'podcast:chapters',
      attributes: {
        url: `${context.publicUrl}${chaptersFilePath(episode.id)}`,
        type: JSON_CHAPTERS_CONTENT_TYPE,
      },
    });
  }
  for (const soundbite of episode.soundbites) nodes.push(soundbiteNode(soundbite));
  for (const person of episode.persons) nodes.push(personNode(person));
  if (episode.location) nodes.push(locationNode(episode.location));
  if (episode.license) nodes.push(licenseNode(episode.license));
  for (const enclosure of episode.alternateEnclosures) nodes.push(alternateEnclosureNode(enclosure));
  if (episode.value && episode.value.recipients.length > 0) nodes.push(valueNode(episode.value));
  for (const link of episode.funding) nodes.push(fundingNode(link));
}
