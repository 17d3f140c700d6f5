import {
  missingApplePodcastsFields,
  podcastMessages,
  podcastSettingsInputSchema,
  type Podcast,
  type PodcastSettingsInput,
} from '@castbase/contracts';
import { channelInputOf, channelValuesOf, type ChannelValues } from './podcast-channel-values.js';

/** What the Podcast tab edits: the podcast's settings as its fields hold them. */
export interface PodcastSettingsValues extends ChannelValues {
  artworkMediaId: string | null;
  artworkUrl: string | null;
  name: string;
  slug: string;
  author: string;
  coHosts: string[];
  visibility: Podcast['visibility'];
  type: Podcast['type'];
  explicit: boolean;
  description: string;
  /** 'Parent' or 'Parent:Sub', as stored. */
  category: string;
  language: string;
  websiteUrl: string;
  email: string;
  ownerName: string;
  ownerEmail: string;
  copyright: string;
  tags: string[];
  /** The published MP3's bitrate; null: the service's default. */
  audioBitrateKbps: number | null;
}

export type PodcastSettingsField = keyof PodcastSettingsValues;
/** An error inside a channel field, by its path: 'podroll.2.feedGuid', 'location.geo', 'license.url'. */
export type ChannelErrorPath = `${keyof ChannelValues}.${string}`;
export type PodcastSettingsErrors = Partial<Record<PodcastSettingsField | ChannelErrorPath, string>>;

const CHANNEL_FIELDS: ReadonlySet<string> = new Set<keyof ChannelValues>([
  'feedBlock',
  'feedComplete',
  'license',
  'location',
  'updateFrequency',
  'podroll',
  'txt',
]);

export function settingsValuesOf(podcast: Podcast): PodcastSettingsValues {
  return {
    artworkMediaId: podcast.artworkMediaId,
    artworkUrl: podcast.artworkUrl,
    name: podcast.name,
    slug: podcast.slug,
    author: podcast.author,
    coHosts: podcast.coHosts,
    visibility: podcast.visibility,
    type: podcast.type,
    explicit: podcast.explicit,
    description: podcast.description,
    category: podcast.category,
    language: podcast.language,
    websiteUrl: podcast.websiteUrl,
    email: podcast.email,
    ownerName: podcast.ownerName,
    ownerEmail: podcast.ownerEmail,
    copyright: podcast.copyright,
    tags: podcast.tags,
    audioBitrateKbps: podcast.audioBitrateKbps,
    ...channelValuesOf(podcast),
  };
}

/** Whether the form differs from the saved podcast (then the feed is out of sync until Save). */
export function settingsChanged(values: PodcastSettingsValues, podcast: Podcast): boolean {
  return JSON.stringify(values) !== JSON.stringify(settingsValuesOf(podcast));
}

/**
 * The body of Save: every field at once. What the tab does not show (links, Podcasting 2.0 values) goes
 * back as the podcast holds it.
 */
export function settingsInputOf(values: PodcastSettingsValues, podcast: Podcast): PodcastSettingsInput {
  const {
    artworkUrl: _shownOnly,
    feedBlock: _feedBlock,
    feedComplete: _feedComplete,
    license: _license,
    location: _location,
    updateFrequency: _updateFrequency,
    podroll: _podroll,
    txt: _txt,
    ...fields
  } = values;
  return {
    ...fields,
    ...channelInputOf(values),
    fundingLinks: podcast.fundingLinks,
    socialLinks: podcast.socialLinks,
    podcastLocked: podcast.podcastLocked,
    podcastMedium: podcast.podcastMedium,
    lightningAddress: podcast.lightningAddress,
    valueEnabled: podcast.valueEnabled,
  };
}

/** Why Save is refused: the banner's title, the Apple fields missing, and each field's own error. */
export interface SettingsRefusal {
  title: string;
  missing: string[];
  fieldErrors: PodcastSettingsErrors;
  /** Found by the server rather than by the form's own check. */
  fromServer?: boolean;
}

const EMAIL_FIELDS: readonly PodcastSettingsField[] = ['email', 'ownerEmail'];

/**
 * Spec 1 §5 "Podcast settings save": the Apple-required fields first (listed under their message), then the
 * optional e-mails ('Please fix email validation errors before saving'), then every other rule of the contract.
 * Null when the settings may be saved.
 */
export function refusalOf(values: PodcastSettingsValues, podcast: Podcast): SettingsRefusal | null {
  const parsed = podcastSettingsInputSchema.safeParse(settingsInputOf(values, podcast));
  const fieldErrors: PodcastSettingsErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field !== 'string' || !(field in values)) continue;
      // A channel field's error sits on the part of it that is wrong ('podroll.2.feedGuid').
      const key = (CHANNEL_FIELDS.has(field) ? issue.path.join('.') : field) as keyof PodcastSettingsErrors;
      if (!(key in fieldErrors)) fieldErrors[key] = issue.message;
    }
  }
  const missing = missingApplePodcastsFields({ ...values, hasArtwork: values.artworkMediaId !== null });
  if (missing.length > 0) return { title: podcastMessages.appleRequired, missing, fieldErrors };
  if (EMAIL_FIELDS.some((field) => fieldErrors[field])) {
    return { title: podcastMessages.emailsInvalid, missing: [], fieldErrors };
  }
  if (Object.keys(fieldErrors).length > 0) {
    return { title: podcastMessages.fieldsInvalid, missing: [], fieldErrors };
  }
  return null;
}
