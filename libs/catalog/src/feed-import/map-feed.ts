import { randomUUID } from 'node:crypto';
import type { Episode as FeedItem, FeedObject } from 'podcast-partytime';
import {
  alternateEnclosureSchema,
  EPISODE_DESCRIPTION_MAX,
  EPISODE_TITLE_MAX,
  feedImportMessages,
  HOST_NAME_MAX,
  isCategoryName,
  isCategoryValue,
  isLanguageCode,
  licenseSchema,
  locationSchema,
  PERSON_ROLES,
  PODCAST_DESCRIPTION_MAX,
  PODCAST_NAME_MAX,
  podcastGuidForFeedUrl,
  podcastMediumSchema,
  personSchema,
  soundbiteSchema,
  transcriptSchema,
  valueBlockSchema,
  type EpisodeType,
  type Podcast,
  type PodcastChannelFields,
  type Person,
} from '@castbase/contracts';
import type { z } from 'zod';

/** The podcast's fields as the old feed gives them, in Castbase's shapes and within its limits. */
export interface ImportedPodcast {
  name: string;
  description: string;
  language: string;
  category: string;
  author: string;
  ownerName: string;
  ownerEmail: string;
  explicit: boolean;
  type: Podcast['type'];
  websiteUrl: string;
  copyright: string;
  fundingLinks: Podcast['fundingLinks'];
  podcastPersons: Podcast['podcastPersons'];
  podcastMedium: Podcast['podcastMedium'];
  podcastGuid: string;
  locked: boolean;
  /** podcast:locked's owner, else itunes:owner's e-mail: who may import a locked feed. */
  lockOwnerEmail: string | null;
  artworkUrl: string | null;
  channel: Pick<PodcastChannelFields, 'feedBlock' | 'feedComplete' | 'license' | 'location'>;
}

/** One item: its guid (kept as the episode's), fields, and where its file and chapters are. */
export interface ImportedEpisode {
  guid: string;
  title: string;
  description: string;
  publishDate: Date | null;
  episodeType: EpisodeType;
  explicit: boolean;
  seasonNumber: number | null;
  episodeNumber: number | null;
  enclosure: { url: string; length: number | null; type: string } | null;
  chaptersUrl: string | null;
  transcripts: z.output<typeof transcriptSchema>[];
  persons: Person[];
  soundbites: z.output<typeof soundbiteSchema>[];
  location: z.output<typeof locationSchema> | null;
  license: z.output<typeof licenseSchema> | null;
  alternateEnclosures: z.output<typeof alternateEnclosureSchema>[];
  value: z.output<typeof valueBlockSchema> | null;
}

export interface ImportedFeed {
  feedUrl: string;
  podcast: ImportedPodcast;
  /** In the feed's order, each guid once (a repeated guid is the same episode to podcast apps). */
  episodes: ImportedEpisode[];
}

/** The old feed in Castbase's shapes. A value Castbase cannot hold (a malformed URL, an unknown role) is left out. */
export function mapFeed(feedUrl: string, feed: FeedObject): ImportedFeed {
  const seen = new Set<string>();
  const episodes: ImportedEpisode[] = [];
  for (const item of feed.items ?? []) {
    const episode = mapItem(item);
    if (!episode || seen.has(episode.guid)) continue;
    seen.add(episode.guid);
    episodes.push(episode);
  }
  return { feedUrl, podcast: mapChannel(feedUrl, feed), episodes };
}

function mapChannel(feedUrl: string, feed: FeedObject): ImportedPodcast {
  const ownerEmail = text(feed.owner?.email);
  const guid = text(feed.guid).toLowerCase();
  const medium = podcastMediumSchema.safeParse(text(feed.medium).toLowerCase());
  return {
    name: cut(text(feed.title), PODCAST_NAME_MAX),
    description: cut(text(feed.description) || text(feed.summary), PODCAST_DESCRIPTION_MAX),
    language: mapLanguage(text(feed.language)),
    category: mapCategory(feed.itunesCategory ?? []),
    author: cut(text(feed.author), HOST_NAME_MAX),
    ownerName: cut(text(feed.owner?.name), HOST_NAME_MAX),
    ownerEmail,
    explicit: feed.explicit === true,
    type: text(feed.itunesType).toLowerCase() === 'serial' ? 'serial' : 'episodic',
    websiteUrl: webUrl(feed.link) ?? '',
    copyright: cut(text(feed.copyright), 500),
    fundingLinks: (feed.podcastFunding ?? []).flatMap((funding) => {
      const url = webUrl(funding.url);
      return url ? [{ label: cut(text(funding.message) || url, 100), url }] : [];
    }),
    podcastPersons: (feed.podcastPeople ?? []).flatMap((person) => {
      const name = cut(text(person.name), 254);
      if (!name) return [];
      const img = webUrl(person.img);
      const href = webUrl(person.href);
      return [{ name, role: personRole(person.role), ...(img ? { img } : {}), ...(href ? { href } : {}) }];
    }),
    podcastMedium: medium.success ? medium.data : 'podcast',
    // A feed without podcast:guid keeps what apps computed for it: the namespace's UUIDv5 of its address.
    podcastGuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(guid)
      ? guid
      : podcastGuidForFeedUrl(feedUrl),
    locked: feed.locked === true,
    lockOwnerEmail: text(feed.podcastOwner) || ownerEmail || null,
    artworkUrl: webUrl(feed.itunesImage) ?? webUrl(feed.image?.url) ?? null,
    channel: {
      feedBlock: feed.itunesBlock === true,
      feedComplete: feed.itunesComplete === true,
      license: valid(
        licenseSchema,
        feed.license && { identifier: text(feed.license.identifier), url: webUrl(feed.license.url) },
      ),
      location: mapLocation(feed.podcastLocation),
    },
  };
}

function mapItem(item: FeedItem): ImportedEpisode | null {
  const enclosureUrl = webUrl(item.enclosure?.url);
  const guid = cut(text(item.guid) || enclosureUrl || '', 2000);
  if (!guid) return null;
  const title = cut(text(item.title), EPISODE_TITLE_MAX - 1) || feedImportMessages.untitledEpisode;
  const episodeType = text(item.itunesEpisodeType).toLowerCase();
  return {
    guid,
    title,
    description: cut(
      text(item.description) || text(item.content) || text(item.summary),
      EPISODE_DESCRIPTION_MAX - 1,
    ),
    publishDate: item.pubDate instanceof Date && !Number.isNaN(item.pubDate.getTime()) ? item.pubDate : null,
    episodeType: episodeType === 'trailer' || episodeType === 'bonus' ? episodeType : 'full',
    explicit: item.explicit === true,
    seasonNumber: positive(item.itunesSeason) ?? positive(item.podcastSeason?.number),
    episodeNumber: positive(item.itunesEpisode) ?? positive(item.podcastEpisode?.number),
    enclosure: enclosureUrl
      ? {
          url: enclosureUrl,
          length: positive(Number(item.enclosure.length)),
          type: text(item.enclosure.type) || 'audio/mpeg',
        }
      : null,
    chaptersUrl: webUrl(item.podcastChapters?.url) ?? null,
    transcripts: (item.podcastTranscripts ?? []).flatMap((transcript) =>
      validList(transcriptSchema, {
        id: randomUUID(),
        url: transcript.url,
        type: transcript.type,
        language: text(transcript.language) || undefined,
        rel: text(transcript.rel) || undefined,
      }),
    ),
    persons: uniquePersons(
      (item.podcastPeople ?? []).flatMap((person) =>
        validList(personSchema, {
          id: randomUUID(),
          name: cut(text(person.name), 254),
          role: personRole(person.role),
          img: webUrl(person.img) ?? null,
          href: webUrl(person.href) ?? null,
        }),
      ),
    ),
    soundbites: (item.podcastSoundbites ?? []).flatMap((soundbite) =>
      validList(soundbiteSchema, {
        id: randomUUID(),
        startTime: soundbite.startTime,
        duration: soundbite.duration,
        ...(text(soundbite.title) ? { title: cut(text(soundbite.title), 128) } : {}),
      }),
    ),
    location: mapLocation(item.podcastLocation),
    license: valid(
      licenseSchema,
      item.license && { identifier: text(item.license.identifier), url: webUrl(item.license.url) },
    ),
    alternateEnclosures: (item.alternativeEnclosures ?? []).flatMap((alternate) =>
      validList(alternateEnclosureSchema, {
        type: alternate.type,
        ...(alternate.length ? { length: alternate.length } : {}),
        ...(alternate.bitrate ? { bitrate: alternate.bitrate } : {}),
        ...(alternate.height ? { height: alternate.height } : {}),
        ...(alternate.lang ? { lang: alternate.lang } : {}),
        ...(alternate.title ? { title: alternate.title } : {}),
        ...(alternate.rel ? { rel: alternate.rel } : {}),
        sources: (alternate.source ?? []).map((source) => source.uri),
      }),
    ),
    value: valid(
      valueBlockSchema,
      item.value && {
        type: item.value.type,
        method: item.value.method,
        ...(item.value.suggested ? { suggested: Number(item.value.suggested) } : {}),
        recipients: (item.value.recipients ?? []).map((recipient) => ({
          name: text(recipient.name) || text(recipient.address),
          type: recipient.type,
          address: recipient.address,
          split: recipient.split,
          ...(recipient.customKey ? { customKey: recipient.customKey } : {}),
          ...(recipient.customValue ? { customValue: recipient.customValue } : {}),
          ...(recipient.fee ? { fee: recipient.fee } : {}),
        })),
      },
    ),
  };
}

/** 'en-us' → 'en' when only the language is on Castbase's list; a language not on it becomes English. */
function mapLanguage(code: string): string {
  const lower = code.trim().toLowerCase();
  if (isLanguageCode(lower)) return lower;
  const base = lower.split(/[-_]/)[0] ?? '';
  return isLanguageCode(base) ? base : 'en';
}

/** podcast-partytime's 'Arts > Books' → 'Arts:Books' on Apple's list; the first one that fits, else Technology. */
function mapCategory(categories: readonly string[]): string {
  for (const category of categories) {
    const [parent = '', sub] = category.split('>').map((part) => part.trim());
    const match = (value: string) => isCategoryValue(value) && value;
    const found = (sub && match(`${parent}:${sub}`)) || (isCategoryName(parent) && parent);
    if (found) return found;
  }
  return 'Technology';
}

function mapLocation(location: { name?: string; geo?: string; osm?: string } | undefined) {
  if (!location) return null;
  const geo = text(location.geo).replace(/^geo:/i, '').split(';')[0];
  return valid(locationSchema, {
    name: cut(text(location.name), 128),
    ...(geo ? { geo } : {}),
    ...(text(location.osm) ? { osm: text(location.osm) } : {}),
  });
}

/** podcast-partytime names roles by the taxonomy ('Host', 'Guest', 'Cover Art Designer'); Castbase keeps a few. */
function personRole(role: string | undefined): Person['role'] {
  const wanted = text(role).toLowerCase();
  return PERSON_ROLES.find((known) => known.toLowerCase() === wanted) ?? 'Guest';
}

function uniquePersons(persons: Person[]): Person[] {
  const seen = new Set<string>();
  return persons.filter((person) => {
    const key = `${person.name.toLowerCase()}\u0000${person.role}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function valid<S extends z.ZodType>(schema: S, value: unknown): z.output<S> | null {
  if (!value) return null;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function validList<S extends z.ZodType>(schema: S, value: unknown): Array<z.output<S>> {
  const parsed = valid(schema, value);
  return parsed === null ? [] : [parsed];
}

function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  return '';
}

function cut(value: string, max: number): string {
  return value.length > max ? value.slice(0, max).trimEnd() : value;
}

function positive(value: unknown): number | null {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 && number <= 2_147_483_647
    ? number
    : null;
}

function webUrl(value: unknown): string | null {
  const candidate = text(value);
  if (!candidate) return null;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? candidate : null;
  } catch {
    return null;
  }
}
