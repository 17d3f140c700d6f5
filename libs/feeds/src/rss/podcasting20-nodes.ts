import {
  geoUri,
  PERSON_ROLE_TAXONOMY,
  type AlternateEnclosure,
  type License,
  type Location,
  type Person,
  type Soundbite,
  type Transcript,
  type ValueBlock,
} from '@castbase/contracts';
import type { XmlNode } from './xml-node.js';

// The Podcasting 2.0 elements (podcastindex.org namespace 1.0) that a channel and an item both carry, or that only
// items carry, as XmlNodes: attribute names and values as the namespace defines them.

/** A credit: the role and group of the Podcast Taxonomy Project, optional image and link. */
export function personNode(person: {
  name: string;
  role: string;
  img?: string | null;
  href?: string | null;
}): XmlNode {
  const taxonomy = taxonomyOf(person.role);
  return {
    name: 'podcast:person',
    attributes: {
      role: taxonomy.role,
      group: taxonomy.group,
      img: person.img ?? undefined,
      href: person.href ?? undefined,
    },
    text: person.name,
  };
}

/** Castbase's roles map to the taxonomy (persons.ts); a podcast's free-text role is written lower-cased. */
function taxonomyOf(role: string): { role: string; group: string | undefined } {
  const known = PERSON_ROLE_TAXONOMY[role as Person['role']] as { role: string; group: string } | undefined;
  return known ?? { role: role.trim().toLowerCase(), group: undefined };
}

/** The text is what apps show on the button: the link's title, else its URL. */
export function fundingNode(link: { url: string; title: string }): XmlNode {
  return {
    name: 'podcast:funding',
    attributes: { url: link.url },
    text: link.title.trim() ? link.title : link.url,
  };
}

export function locationNode(location: Location): XmlNode {
  return {
    name: 'podcast:location',
    attributes: { geo: location.geo ? geoUri(location.geo) : undefined, osm: location.osm },
    text: location.name,
  };
}

export function licenseNode(license: License): XmlNode {
  return { name: 'podcast:license', attributes: { url: license.url ?? undefined }, text: license.identifier };
}

/** BTC amounts as the namespace's examples write them: eleven decimals ('0.00000005000'). */
function btc(amount: number): string {
  return amount.toFixed(11);
}

export function valueNode(value: ValueBlock): XmlNode {
  return {
    name: 'podcast:value',
    attributes: { type: value.type, method: value.method, suggested: btc(value.suggested) },
    children: value.recipients.map((recipient) => ({
      name: 'podcast:valueRecipient',
      attributes: {
        name: recipient.name,
        type: recipient.type,
        address: recipient.address,
        split: String(recipient.split),
        customKey: recipient.customKey || undefined,
        customValue: recipient.customValue || undefined,
        fee: recipient.fee ? 'true' : undefined,
      },
    })),
  };
}

/** The podcast's Lightning address as a value block: one 'lnaddress' recipient taking everything. */
export function lightningAddressValueNode(name: string, address: string, suggested: number): XmlNode {
  return {
    name: 'podcast:value',
    attributes: { type: 'lightning', method: 'lnaddress', suggested: btc(suggested) },
    children: [
      {
        name: 'podcast:valueRecipient',
        attributes: { name, type: 'lnaddress', address, split: '100' },
      },
    ],
  };
}

export function transcriptNode(transcript: Transcript): XmlNode {
  return {
    name: 'podcast:transcript',
    attributes: {
      url: transcript.url,
      type: transcript.type,
      language: transcript.language,
      rel: transcript.rel,
    },
  };
}

export function soundbiteNode(soundbite: Soundbite): XmlNode {
  return {
    name: 'podcast:soundbite',
    attributes: { startTime: String(soundbite.startTime), duration: String(soundbite.duration) },
    text: soundbite.title ?? '',
  };
}

/** Each source URL as a `podcast:source`; Castbase stores no integrity hash for them, so none is written. */
export function alternateEnclosureNode(enclosure: AlternateEnclosure): XmlNode {
  return {
    name: 'podcast:alternateEnclosure',
    attributes: {
      type: enclosure.type,
      length: enclosure.length === undefined ? undefined : String(enclosure.length),
      bitrate: enclosure.bitrate === undefined ? undefined : String(enclosure.bitrate),
      height: enclosure.height === undefined ? undefined : String(enclosure.height),
      lang: enclosure.lang,
      title: enclosure.title,
      rel: enclosure.rel,
    },
    children: enclosure.sources.map((uri) => ({ name: 'podcast:source', attributes: { uri } })),
  };
}
