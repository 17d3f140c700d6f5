import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { Podcast as PodcastDto, PodcastRole } from '@castbase/contracts';
import type { ObjectStorage } from '@castbase/platform-storage';

type PodcastLinks = PodcastDto['fundingLinks'];
type PodcastMedium = PodcastDto['podcastMedium'];

@Entity({ tableName: 'podcasts' })
@Unique({ properties: ['ownerId', 'slug'] })
export class Podcast {
  [OptionalProps]?:
    | 'id'
    | 'ownerUsername'
    | 'description'
    | 'language'
    | 'category'
    | 'author'
    | 'coHosts'
    | 'explicit'
    | 'type'
    | 'visibility'
    | 'artworkKey'
    | 'artworkMediaId'
    | 'audioBitrateKbps'
    | 'tags'
    | 'websiteUrl'
    | 'email'
    | 'ownerName'
    | 'ownerEmail'
    | 'copyright'
    | 'fundingLinks'
    | 'socialLinks'
    | 'podcastLocked'
    | 'podcastMedium'
    | 'podcastPersons'
    | 'lightningAddress'
    | 'valueEnabled'
    | 'feedBlock'
    | 'feedComplete'
    | 'license'
    | 'location'
    | 'updateFrequency'
    | 'podroll'
    | 'txt'
    | 'privateAccessToken'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Index()
  @Property({ type: 'text' })
  ownerId!: string;

  @Property({ type: 'text', nullable: true })
  ownerUsername: string | null = null;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  slug!: string;

  @Property({ type: 'text' })
  description = '';

  @Property({ type: 'text' })
  language = 'en';

  @Property({ type: 'text' })
  category = 'Technology';

  /** The host name: itunes:author. */
  @Property({ type: 'text' })
  author = '';

  @Property({ type: 'jsonb' })
  coHosts: string[] = [];

  @Property({ type: 'boolean' })
  explicit = false;

  @Property({ type: 'text' })
  type: 'episodic' | 'serial' = 'episodic';

  @Property({ type: 'text' })
  visibility: 'public' | 'private' = 'public';

  /** The storage key of the artwork (its URL is made when the podcast is read, so it never goes stale). */
  @Property({ type: 'text', nullable: true })
  artworkKey: string | null = null;

  /** The media service's image file the artwork is. */
  @Property({ type: 'uuid', nullable: true })
  artworkMediaId: string | null = null;

  /** The published MP3's constant bitrate; null: the media service's `TRANSCODE_BITRATE_KBPS`. */
  @Property({ type: 'integer', nullable: true })
  audioBitrateKbps: number | null = null;

  @Property({ type: 'jsonb' })
  tags: string[] = [];

  @Property({ type: 'text' })
  websiteUrl = '';

  /** The podcast's contact e-mail. */
  @Property({ type: 'text' })
  email = '';

  /** itunes:owner, for directories' administrative mail. */
  @Property({ type: 'text' })
  ownerName = '';

  @Property({ type: 'text' })
  ownerEmail = '';

  @Property({ type: 'text' })
  copyright = '';

  @Property({ type: 'jsonb' })
  fundingLinks: PodcastLinks = [];

  @Property({ type: 'jsonb' })
  socialLinks: PodcastLinks = [];

  /**
   * Podcasting 2.0 podcast:guid, fixed at creation (`podcastGuidAtCreation`: the UUIDv5 of the feed URL then) and
   * never changed after. Podcasts created before that rule keep the random UUID they were given.
   */
  @Property({ type: 'uuid' })
  podcastGuid!: string;

  /** podcast:locked: asks other hosts not to import the feed. */
  @Property({ type: 'boolean' })
  podcastLocked = false;

  @Property({ type: 'text' })
  podcastMedium: PodcastMedium = 'podcast';

  @Property({ type: 'jsonb' })
  podcastPersons: PodcastDto['podcastPersons'] = [];

  @Property({ type: 'text' })
  lightningAddress = '';

  @Property({ type: 'boolean' })
  valueEnabled = false;

  /** itunes:block and podcast:block: directories leave the show out while the feed stays readable. */
  @Property({ type: 'boolean' })
  feedBlock = false;

  /** itunes:complete: no more episodes will come. */
  @Property({ type: 'boolean' })
  feedComplete = false;

  /** podcast:license of the channel. */
  @Property({ type: 'jsonb', nullable: true })
  license: PodcastDto['license'] = null;

  /** podcast:location of the channel. */
  @Property({ type: 'jsonb', nullable: true })
  location: PodcastDto['location'] = null;

  /** podcast:updateFrequency. */
  @Property({ type: 'jsonb', nullable: true })
  updateFrequency: PodcastDto['updateFrequency'] = null;

  /** podcast:podroll: the podcasts the creator recommends. */
  @Property({ type: 'jsonb' })
  podroll: PodcastDto['podroll'] = [];

  /** podcast:txt entries. */
  @Property({ type: 'jsonb' })
  txt: PodcastDto['txt'] = [];

  /** The private feed's token while visibility is private (kept when made public again, so switching back works). */
  @Property({ type: 'text', nullable: true })
  privateAccessToken: string | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  /**
   * The podcast as the bus answers it to a caller with `role`, with the artwork's URL made from its key by
   * `storage`. Only the owner sees the private feed's token: with it anyone can read the feed.
   */
  toDto(storage: Pick<ObjectStorage, 'publicUrl'>, role: PodcastRole): PodcastDto {
    return {
      id: this.id,
      ownerId: this.ownerId,
      ownerUsername: this.ownerUsername,
      name: this.name,
      slug: this.slug,
      description: this.description,
      language: this.language,
      category: this.category,
      author: this.author,
      coHosts: this.coHosts,
      explicit: this.explicit,
      type: this.type,
      visibility: this.visibility,
      artworkUrl: this.artworkKey === null ? null : storage.publicUrl(this.artworkKey),
      artworkMediaId: this.artworkMediaId,
      audioBitrateKbps: this.audioBitrateKbps,
      tags: this.tags,
      websiteUrl: this.websiteUrl,
      email: this.email,
      ownerName: this.ownerName,
      ownerEmail: this.ownerEmail,
      copyright: this.copyright,
      fundingLinks: this.fundingLinks,
      socialLinks: this.socialLinks,
      podcastGuid: this.podcastGuid,
      podcastLocked: this.podcastLocked,
      podcastMedium: this.podcastMedium,
      podcastPersons: this.podcastPersons,
      lightningAddress: this.lightningAddress,
      valueEnabled: this.valueEnabled,
      feedBlock: this.feedBlock,
      feedComplete: this.feedComplete,
      license: this.license,
      location: this.location,
      updateFrequency: this.updateFrequency,
      podroll: this.podroll,
      txt: this.txt,
      privateAccessToken: role === 'owner' ? this.privateAccessToken : null,
      role,
      createdAt: this.createdAt.toISOString(),
      updatedAt: this.updatedAt.toISOString(),
    };
  }
}
