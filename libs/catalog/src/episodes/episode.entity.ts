import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type {
  Episode as EpisodeDto,
  EpisodeStatus,
  EpisodeType,
  StoredEpisodeMedia,
} from '@castbase/contracts';
import type { ObjectStorage } from '@castbase/platform-storage';

/**
 * An episode with every field of spec 2 §3. The Podcasting 2.0 lists and blocks are jsonb, as the contracts shape
 * them. `duration_seconds`, `media_kind` and `status_rank` are columns PostgreSQL generates from `media` and
 * `status` (see the episode-fields migration) for the All Episodes filters and sorts; they are not mapped here, so
 * nothing can set them out of step.
 */
@Entity({ tableName: 'episodes' })
/** The data export pages through an owner's episodes in this order. */
@Index({ name: 'episodes_owner_id_created_at_id_index', properties: ['ownerId', 'createdAt', 'id'] })
export class Episode {
  [OptionalProps]?:
    | 'id'
    | 'description'
    | 'status'
    | 'episodeType'
    | 'explicit'
    | 'seasonNumber'
    | 'episodeNumber'
    | 'guid'
    | 'media'
    | 'artworkKey'
    | 'artworkMediaId'
    | 'tags'
    | 'enableRss'
    | 'enableVideo'
    | 'podcastBlock'
    | 'transcripts'
    | 'chapters'
    | 'soundbites'
    | 'persons'
    | 'value'
    | 'location'
    | 'funding'
    | 'license'
    | 'alternateEnclosures'
    | 'plays'
    | 'publishDate'
    | 'scheduledReleaseDate'
    | 'revision'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** Indexed with each sort column (see the episode-fields migration). */
  @Property({ type: 'uuid' })
  podcastId!: string;

  /** The podcast's owner, whoever created the episode (an editor may): erasure and the export key on it. */
  @Index()
  @Property({ type: 'text' })
  ownerId!: string;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text' })
  description = '';

  @Property({ type: 'text' })
  status: EpisodeStatus = 'draft';

  @Property({ type: 'text' })
  episodeType: EpisodeType = 'full';

  @Property({ type: 'boolean' })
  explicit = false;

  @Property({ type: 'integer', nullable: true })
  seasonNumber: number | null = null;

  @Property({ type: 'integer', nullable: true })
  episodeNumber: number | null = null;

  /** The item guid podcast apps key on: fixed at creation, never changes. */
  @Property({ type: 'text' })
  guid: string = randomUUID();

  @Property({ type: 'jsonb', nullable: true })
  media: StoredEpisodeMedia | null = null;

  /** The storage key of the episode's own artwork (its URL is made when read); null: the podcast's is used. */
  @Property({ type: 'text', nullable: true })
  artworkKey: string | null = null;

  /** The media service's image file the artwork is. */
  @Property({ type: 'uuid', nullable: true })
  artworkMediaId: string | null = null;

  @Property({ type: 'jsonb' })
  tags: string[] = [];

  /** false: the episode stays out of the feeds even when published. */
  @Property({ type: 'boolean' })
  enableRss = true;

  @Property({ type: 'boolean' })
  enableVideo = false;

  @Property({ type: 'boolean' })
  podcastBlock = false;

  @Property({ type: 'jsonb' })
  transcripts: EpisodeDto['transcripts'] = [];

  @Property({ type: 'jsonb' })
  chapters: EpisodeDto['chapters'] = [];

  @Property({ type: 'jsonb' })
  soundbites: EpisodeDto['soundbites'] = [];

  @Property({ type: 'jsonb' })
  persons: EpisodeDto['persons'] = [];

  @Property({ type: 'jsonb', nullable: true })
  value: EpisodeDto['value'] = null;

  @Property({ type: 'jsonb', nullable: true })
  location: EpisodeDto['location'] = null;

  @Property({ type: 'jsonb' })
  funding: EpisodeDto['funding'] = [];

  @Property({ type: 'jsonb', nullable: true })
  license: EpisodeDto['license'] = null;

  @Property({ type: 'jsonb' })
  alternateEnclosures: EpisodeDto['alternateEnclosures'] = [];

  @Property({ type: 'integer' })
  plays = 0;

  @Property({ type: 'timestamptz', nullable: true })
  publishDate: Date | null = null;

  /** When a scheduled episode publishes itself; null unless scheduled. */
  @Property({ type: 'timestamptz', nullable: true })
  scheduledReleaseDate: Date | null = null;

  /**
   * How many times the episode was saved; every save adds one (`recordVersion`) and the versions are numbered by
   * it. A save names the revision it was made from, so a save from a stale one is refused, never silently applied.
   */
  @Property({ type: 'integer' })
  revision = 0;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  /** The episode as the bus answers it, with its media's and artwork's URLs made from their keys by `storage`. */
  toDto(storage: Pick<ObjectStorage, 'publicUrl'>): EpisodeDto {
    return {
      id: this.id,
      podcastId: this.podcastId,
      ownerId: this.ownerId,
      title: this.title,
      description: this.description,
      status: this.status,
      episodeType: this.episodeType,
      explicit: this.explicit,
      seasonNumber: this.seasonNumber,
      episodeNumber: this.episodeNumber,
      guid: this.guid,
      media: this.media && { ...this.media, url: storage.publicUrl(this.media.storageKey) },
      durationSeconds: Math.round(this.media?.durationSeconds ?? 0),
      artworkMediaId: this.artworkMediaId,
      artworkUrl: this.artworkKey === null ? null : storage.publicUrl(this.artworkKey),
      tags: this.tags,
      enableRss: this.enableRss,
      enableVideo: this.enableVideo,
      podcastBlock: this.podcastBlock,
      transcripts: this.transcripts,
      chapters: this.chapters,
      soundbites: this.soundbites,
      persons: this.persons,
      value: this.value,
      location: this.location,
      funding: this.funding,
      license: this.license,
      alternateEnclosures: this.alternateEnclosures,
      plays: this.plays,
      publishDate: this.publishDate?.toISOString() ?? null,
      scheduledReleaseDate: this.scheduledReleaseDate?.toISOString() ?? null,
      revision: this.revision,
      createdAt: this.createdAt.toISOString(),
      updatedAt: this.updatedAt.toISOString(),
    };
  }
}
